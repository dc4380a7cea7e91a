import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import type { CallOptions } from '../api/client';
import { areaAtom, searchInputAtom, searchQueryAtom, statusGroupAtom } from '../filters/filterAtoms';
import { machinesAtom } from '../machines/machinesAtom';
import { viewResetRequestAtom } from '../map/viewResetAtom';
import { mobileListOpenAtom, panelOpenAtom, photoMachineIdAtom, selectedMachineIdAtom } from '../ui/uiAtoms';
import { useIdleReset } from './useIdleReset';
import { useKioskRefresh } from './useKioskRefresh';
import { storeWrapper } from '../../tests/unit/storeWrapper';

type Store = ReturnType<typeof createStore>;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useIdleReset', () => {
  const IDLE_MS = 10_000;

  function dirtyStore(): Store {
    const store = createStore();
    store.set(statusGroupAtom, 'full');
    store.set(areaAtom, 'KOWLOON');
    store.set(searchInputAtom, 'mall');
    store.set(searchQueryAtom, 'mall');
    store.set(selectedMachineIdAtom, 'rvm-1');
    store.set(photoMachineIdAtom, 'rvm-1');
    store.set(panelOpenAtom, false);
    store.set(mobileListOpenAtom, true);
    return store;
  }

  it('returns everything to its start after the idle time that follows the last activity', () => {
    const store = dirtyStore();
    renderHook(() => useIdleReset(IDLE_MS), { wrapper: storeWrapper(store) });
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
      vi.advanceTimersByTime(IDLE_MS - 1000);
      // Still in use: the clock starts again.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      vi.advanceTimersByTime(IDLE_MS - 1000);
    });
    expect(store.get(selectedMachineIdAtom)).toBe('rvm-1');
    act(() => vi.advanceTimersByTime(1000));
    expect({
      status: store.get(statusGroupAtom),
      area: store.get(areaAtom),
      input: store.get(searchInputAtom),
      query: store.get(searchQueryAtom),
      selected: store.get(selectedMachineIdAtom),
      photo: store.get(photoMachineIdAtom),
      panel: store.get(panelOpenAtom),
      list: store.get(mobileListOpenAtom),
      viewResets: store.get(viewResetRequestAtom),
    }).toEqual({ status: null, area: null, input: '', query: '', selected: null, photo: null, panel: true, list: false, viewResets: 1 });
  });

  it.each(['pointermove', 'touchstart', 'wheel'])('counts %s as activity', (type) => {
    const store = dirtyStore();
    renderHook(() => useIdleReset(IDLE_MS), { wrapper: storeWrapper(store) });
    act(() => {
      window.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(IDLE_MS);
    });
    expect(store.get(selectedMachineIdAtom)).toBeNull();
  });

  it('does nothing to an untouched screen, nor when kiosk mode is off', () => {
    const untouched = dirtyStore();
    renderHook(() => useIdleReset(IDLE_MS), { wrapper: storeWrapper(untouched) });
    act(() => vi.advanceTimersByTime(IDLE_MS * 3));
    expect(untouched.get(viewResetRequestAtom)).toBe(0);

    const off = dirtyStore();
    renderHook(() => useIdleReset(null), { wrapper: storeWrapper(off) });
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
      vi.advanceTimersByTime(IDLE_MS * 3);
    });
    expect(off.get(selectedMachineIdAtom)).toBe('rvm-1');
  });

  it('stops listening when unmounted', () => {
    const store = dirtyStore();
    const { unmount } = renderHook(() => useIdleReset(IDLE_MS), { wrapper: storeWrapper(store) });
    act(() => window.dispatchEvent(new Event('pointerdown')));
    unmount();
    act(() => vi.advanceTimersByTime(IDLE_MS * 2));
    expect(store.get(selectedMachineIdAtom)).toBe('rvm-1');
  });
});

describe('useKioskRefresh', () => {
  const REFRESH_MS = 5000;
  const machine = (status: string) => ({
    id: 'rvm-1',
    coordinates: [22.3, 114.17],
    area: 'KOWLOON',
    district: 'YAU TSIM MONG',
    status,
    under_maintenance: false,
    service_status: 0,
    name_en: 'A',
    name_zht: 'A',
    name_zhs: 'A',
    address_en: 'B',
    address_zht: 'B',
    address_zhs: 'B',
    service_hour_en: '',
    service_hour_zht: '',
    service_hour_zhs: '',
  });

  it('reloads the machines on the interval, not blocking, one call at a time', async () => {
    const store = createStore();
    const calls: (CallOptions | undefined)[] = [];
    const answers = ['Full', '<=5%'];
    let release: (() => void) | undefined;
    store.set(apiAtom, {
      call: (async (_path: string, _payload?: unknown, options?: CallOptions) => {
        calls.push(options);
        const status = answers[calls.length - 1] ?? '>40%';
        if (calls.length === 2) await new Promise<void>((r) => (release = r));
        return { success: true, rvms: [machine(status)] };
      }) as never,
    });
    renderHook(() => useKioskRefresh(REFRESH_MS), { wrapper: storeWrapper(store) });
    expect(calls).toHaveLength(0);

    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_MS));
    // Background refreshes fail quietly (throw_error, caught in loadMachinesAtom): an offline kiosk keeps its data without a message each minute.
    expect(calls).toEqual([{ not_blocking: true, throw_error: true }]);
    expect(store.get(machinesAtom)[0]?.status).toBe('Full');

    // The second call hangs: further ticks must not pile calls up behind it.
    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_MS * 3));
    expect(calls).toHaveLength(2);
    await act(async () => {
      release?.();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(store.get(machinesAtom)[0]?.status).toBe('<=5%');
    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(calls).toHaveLength(3);
  });
});
