import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_WAITS_FOR_LIST_MAX_MS } from '../config';
import { machinesLoadStateAtom } from '../machines/machinesAtom';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { useListFirst } from './useListFirst';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => vi.useRealTimers());

function render(state: 'idle' | 'loading' | 'loaded' | 'failed') {
  const store = createStore();
  store.set(machinesLoadStateAtom, state);
  const hook = renderHook(() => useListFirst(), { wrapper: storeWrapper(store) });
  return { store, hook };
}

describe('useListFirst', () => {
  it('lets the map start two frames after the list call answered, so the list is painted first', () => {
    const { store, hook } = render('loading');
    act(() => vi.advanceTimersByTime(MAP_WAITS_FOR_LIST_MAX_MS - 100));
    expect(hook.result.current).toBe(false);
    act(() => store.set(machinesLoadStateAtom, 'loaded'));
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current).toBe(true);
    // Once started, the map stays: a background reload does not take it away.
    act(() => store.set(machinesLoadStateAtom, 'loading'));
    expect(hook.result.current).toBe(true);
  });

  it('lets the map start when the list call failed as well', () => {
    const { hook } = render('failed');
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.advanceTimersToNextFrame());
    expect(hook.result.current).toBe(true);
  });

  it('waits no longer than MAP_WAITS_FOR_LIST_MAX_MS for a list call that does not answer', () => {
    const { hook } = render('loading');
    act(() => vi.advanceTimersByTime(MAP_WAITS_FOR_LIST_MAX_MS - 1));
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(true);
  });
});
