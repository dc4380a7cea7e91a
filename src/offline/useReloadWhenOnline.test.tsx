import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMachinesAtom, machinesAtom } from '../machines/machinesAtom';
import { apiAtom } from '../api/apiAtom';
import { storeWithFlakyList } from '../../tests/support/storeWithFlakyList';
import { testMachine } from '../../tests/support/testMachine';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { LIVE_CATCH_UP_MS, RELOAD_RETRY_DELAYS_MS, useReloadWhenOnline } from './useReloadWhenOnline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const goOnline = () => act(async () => void window.dispatchEvent(new Event('online')));
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useReloadWhenOnline', () => {
  it('loads the list once when the network returns, without the blocking overlay', async () => {
    const { store, calls } = storeWithFlakyList(0);
    renderHook(() => useReloadWhenOnline(), { wrapper: storeWrapper(store) });
    expect(calls).toHaveLength(0);
    await goOnline();
    await wait(60_000);
    expect(calls).toEqual([{ not_blocking: true, throw_error: true }]);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
  });

  it('tries again a few times, spaced out, while the call fails, then stops', async () => {
    const { store, calls } = storeWithFlakyList(Infinity);
    renderHook(() => useReloadWhenOnline(), { wrapper: storeWrapper(store) });
    await goOnline();
    await wait(LIVE_CATCH_UP_MS);
    expect(calls).toHaveLength(1);
    for (const [i, delay] of RELOAD_RETRY_DELAYS_MS.entries()) {
      await wait(delay - 1);
      expect(calls).toHaveLength(i + 1);
      await wait(1);
      expect(calls).toHaveLength(i + 2);
    }
    await wait(10 * 60_000);
    expect(calls).toHaveLength(RELOAD_RETRY_DELAYS_MS.length + 1);
  });

  it('stops trying once a call succeeds', async () => {
    const { store, calls } = storeWithFlakyList(1);
    renderHook(() => useReloadWhenOnline(), { wrapper: storeWrapper(store) });
    await goOnline();
    await wait(10 * 60_000);
    expect(calls).toHaveLength(2);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
  });

  it('leaves the reload to the live stream when the stream has loaded the list by then', async () => {
    const { store, calls } = storeWithFlakyList(0);
    renderHook(() => useReloadWhenOnline(), { wrapper: storeWrapper(store) });
    await goOnline();
    await act(() => store.set(loadMachinesAtom, { not_blocking: true }));
    await wait(60_000);
    expect(calls).toHaveLength(1);
  });

  it('joins the live stream’s reload when it is still on its way', async () => {
    const list = storeWithHeldList();
    const { store } = list;
    renderHook(() => useReloadWhenOnline(), { wrapper: storeWrapper(store) });
    await goOnline();
    let streamReload: Promise<void> | undefined;
    act(() => void (streamReload = store.set(loadMachinesAtom, { not_blocking: true })));
    await wait(LIVE_CATCH_UP_MS);
    list.answer();
    await act(() => streamReload);
    await wait(60_000);
    expect(list.calls).toBe(1);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
  });
});

/** A store whose list call answers only when told to; it counts the calls. */
function storeWithHeldList() {
  const store = createStore();
  let calls = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  store.set(apiAtom, {
    call: (async () => {
      calls += 1;
      await held;
      return { success: true, rvms: [testMachine('fresh')] };
    }) as never,
  });
  return {
    store,
    get calls() {
      return calls;
    },
    answer: () => release(),
  };
}
