import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { machinesAtom } from '../machines/machinesAtom';
import { storeWithFlakyList } from '../../tests/support/storeWithFlakyList';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { RELOAD_RETRY_DELAYS_MS, useReloadWhenOnline } from './useReloadWhenOnline';

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
});
