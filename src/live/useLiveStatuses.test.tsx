import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import type { CallOptions } from '../api/client';
import { machinesAtom } from '../machines/machinesAtom';
import { storeWrapper } from '../../tests/support/storeWrapper';
import type { Status } from '../../shared/machine';
import { testMachine } from '../../tests/support/testMachine';
import { EVENTS_URL, useLiveStatuses } from './useLiveStatuses';

/** jsdom has no EventSource: this one is an EventTarget the test dispatches the server's events on. */
class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }
  close(): void {
    this.closed = true;
  }
  send(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const machine = (id: string, status: Status) => testMachine(id, { status });

beforeEach(() => {
  TestEventSource.opened = [];
  vi.stubGlobal('EventSource', TestEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('useLiveStatuses', () => {
  it('loads the whole list again, in the background, when the server reports an import', async () => {
    const store = createStore();
    store.set(machinesAtom, [machine('rvm-1', 'Full')] as never);
    const calls: (CallOptions | undefined)[] = [];
    store.set(apiAtom, {
      call: (async (_path: string, _payload?: unknown, options?: CallOptions) => {
        calls.push(options);
        return { success: true, rvms: [machine('rvm-1', '>40%'), machine('rvm-2', 'Full')] };
      }) as never,
    });
    const { unmount } = renderHook(() => useLiveStatuses(), { wrapper: storeWrapper(store) });
    const [source] = TestEventSource.opened;
    expect(source?.url).toBe(EVENTS_URL);

    await act(async () => source!.send('import', { at: '2026-11-23T06:00:00.000Z', inserted: 1, updated: 1 }));
    await vi.waitFor(() => expect(store.get(machinesAtom).map((m) => [m.id, m.status])).toHaveLength(2));
    expect(calls).toEqual([{ not_blocking: true, throw_error: true }]);
    expect(store.get(machinesAtom).map((m) => [m.id, m.status])).toEqual([
      ['rvm-1', '>40%'],
      ['rvm-2', 'Full'],
    ]);

    await act(async () => source!.send('machine', machine('rvm-2', '<=5%')));
    expect(store.get(machinesAtom)[1]?.status).toBe('<=5%');
    expect(calls).toHaveLength(1);
    unmount();
    expect(source?.closed).toBe(true);
  });
});
