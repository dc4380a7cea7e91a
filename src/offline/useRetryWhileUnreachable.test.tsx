import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { machinesAtom, machinesFetchedAtAtom } from '../machines/machinesAtom';
import { storeWithFlakyList } from '../../tests/support/storeWithFlakyList';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { testMachine } from '../../tests/support/testMachine';
import { keptForUnreachableAtom, listUnreachableAtom } from './unreachableAtom';
import { UNREACHABLE_RETRY_DELAYS_MS, useRetryWhileUnreachable } from './useRetryWhileUnreachable';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A store showing a kept list (time 1000) as unreachable, whose list call fails `failures` times, then answers. */
function unreachableStore(failures: number) {
  const { store, calls } = storeWithFlakyList(failures);
  store.set(machinesAtom, [testMachine('kept')]);
  store.set(machinesFetchedAtAtom, 1_000);
  store.set(keptForUnreachableAtom, 1_000);
  return { store, calls };
}

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useRetryWhileUnreachable', () => {
  it('tries the list quietly after a pause, spaced out further each time, until a fresh list arrives', async () => {
    const { store, calls } = unreachableStore(2);
    renderHook(() => useRetryWhileUnreachable(), { wrapper: storeWrapper(store) });
    await wait(UNREACHABLE_RETRY_DELAYS_MS[0] - 1);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls).toEqual([{ not_blocking: true, throw_error: true }]);
    await wait(UNREACHABLE_RETRY_DELAYS_MS[1]);
    expect(calls).toHaveLength(2);
    await wait(UNREACHABLE_RETRY_DELAYS_MS[2]);
    expect(calls).toHaveLength(3);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
    expect(store.get(listUnreachableAtom)).toBe(false);
    await wait(10 * 60_000);
    expect(calls).toHaveLength(3);
  });

  it('makes no call while the server is reachable', async () => {
    const { store, calls } = unreachableStore(0);
    store.set(keptForUnreachableAtom, null);
    renderHook(() => useRetryWhileUnreachable(), { wrapper: storeWrapper(store) });
    await wait(10 * 60_000);
    expect(calls).toHaveLength(0);
  });
});
