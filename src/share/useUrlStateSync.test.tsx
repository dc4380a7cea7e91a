import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machinesAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { mapViewAtom } from '../map/mapViewAtom';
import { focusRequestAtom, selectedMachineIdAtom } from '../selection/selectionAtoms';
import { useUrlStateSync } from './useUrlStateSync';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { testMachine } from '../../tests/support/testMachine';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('useUrlStateSync', () => {
  it('re-renders the screen that holds it when the map loads, not each time the map settles after a move', () => {
    const store = createStore();
    let renders = 0;
    renderHook(
      () => {
        renders++;
        useUrlStateSync();
      },
      { wrapper: storeWrapper(store) },
    );
    act(() => store.set(mapViewAtom, { zoom: 11, center: [114.1, 22.3] }));
    const afterLoad = renders;
    act(() => store.set(mapViewAtom, { zoom: 12, center: [114.2, 22.4] }));
    act(() => store.set(mapViewAtom, { zoom: 13, center: [114.15, 22.35] }));
    expect(renders).toBe(afterLoad);
  });

  it("keeps a shared link's machine in the address until its card opens, and while it is open", async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/?machine=RVM-001');
    const store = createStore();
    const addresses = new Set<string>();
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += 50) {
        await act(async () => vi.advanceTimersByTimeAsync(50));
        addresses.add(window.location.search);
      }
    };
    renderHook(() => useUrlStateSync(), { wrapper: storeWrapper(store) });
    await wait(500);
    act(() => {
      store.set(machinesAtom, [testMachine('RVM-001')]);
      store.set(machinesLoadStateAtom, 'loaded');
    });
    await wait(500);
    act(() => store.set(mapViewAtom, { zoom: 11, center: [114.1, 22.3] }));
    await wait(1000);
    expect(store.get(focusRequestAtom)?.id).toBe('RVM-001');
    // As the map does: the popup opens once it has flown there.
    act(() => store.set(selectedMachineIdAtom, 'RVM-001'));
    await wait(1000);
    expect([...addresses]).toEqual(['?machine=RVM-001']);

    act(() => store.set(selectedMachineIdAtom, null));
    await wait(500);
    expect(window.location.search).toBe('');
  });
});
