import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoMachineIdAtom } from '../card/photoAtom';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { areaAtom, searchInputAtom, searchQueryAtom, statusGroupAtom } from '../filters/filterAtoms';
import { viewResetRequestAtom } from '../map/viewResetAtom';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import { mobileListOpenAtom } from './mobileListAtom';
import { useIdleReset } from './useIdleReset';
import { storeWrapper } from '../../tests/support/storeWrapper';

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
    }).toEqual({
      status: null,
      area: null,
      input: '',
      query: '',
      selected: null,
      photo: null,
      panel: true,
      list: false,
      viewResets: 1,
    });
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
