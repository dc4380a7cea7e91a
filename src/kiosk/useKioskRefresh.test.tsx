import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import type { CallOptions } from '../api/client';
import { machinesAtom } from '../machines/machinesAtom';
import { useKioskRefresh } from './useKioskRefresh';
import { storeWrapper } from '../../tests/support/storeWrapper';
import type { Status } from '../../shared/machine';
import { testMachine } from '../../tests/support/testMachine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useKioskRefresh', () => {
  const REFRESH_MS = 5000;
  const machine = (status: Status) => testMachine('rvm-1', { status });

  it('reloads the machines on the interval, not blocking, one call at a time', async () => {
    const store = createStore();
    const calls: (CallOptions | undefined)[] = [];
    const answers: Status[] = ['Full', '<=5%'];
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
