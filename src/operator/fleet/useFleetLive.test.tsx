import { renderHook, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeWrapper } from '../../../tests/support/storeWrapper';
import { TEST_SESSION } from '../../../tests/support/consoleRender';
import { testMachine } from '../../../tests/support/testMachine';
import { ConsoleApi } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { fleetAtom, fleetOf } from './fleetAtoms';
import { LIVE_BATCH_MS, useFleetLive } from './useFleetLive';

/** A stand-in for the browser's EventSource: the test sends it events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown, id = '1') {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

afterEach(() => {
  FakeEventSource.last = null;
});

function setup(districts = TEST_SESSION.districts) {
  vi.stubGlobal('EventSource', FakeEventSource);
  const store = createStore();
  store.set(sessionAtom, { ...TEST_SESSION, districts });
  store.set(fleetAtom, fleetOf([testMachine('A', { district: 'SHA TIN' }), testMachine('B', { district: 'SHA TIN' })]));
  const Wrapper = storeWrapper(store);
  const hook = renderHook(() => useFleetLive(), {
    wrapper: ({ children }) => (
      <Wrapper>
        <ConsoleApi onUnauthorized="signIn">{children}</ConsoleApi>
      </Wrapper>
    ),
  });
  return { store, hook, source: () => FakeEventSource.last! };
}

describe('useFleetLive', () => {
  it('listens to /api/events and replaces each changed machine, a batch at a time', async () => {
    const { store, source } = setup();
    expect(source().url).toBe('/api/events');
    source().emit('ready', {});
    source().emit('machine', testMachine('A', { district: 'SHA TIN', status: 'Full' }), '2');
    source().emit('machine', testMachine('B', { district: 'SHA TIN', under_maintenance: true }), '3');
    expect(store.get(fleetAtom)?.rows[0]?.machine.status).toBe('>40%');
    await waitFor(() => expect(store.get(fleetAtom)?.rows[0]?.machine.status).toBe('Full'), {
      timeout: LIVE_BATCH_MS * 8,
    });
    expect(store.get(fleetAtom)?.rows[1]?.machine.under_maintenance).toBe(true);
  });

  it("adds a new machine only within the person's districts", async () => {
    const { store, source } = setup(['SHA TIN']);
    source().emit('machine', testMachine('C', { district: 'TAI PO' }), '2');
    source().emit('machine', testMachine('D', { district: 'SHA TIN' }), '3');
    await waitFor(() => expect(store.get(fleetAtom)?.rows).toHaveLength(3), { timeout: LIVE_BATCH_MS * 8 });
    expect(store.get(fleetAtom)?.byId.has('C')).toBe(false);
    expect(store.get(fleetAtom)?.byId.get('D')).toBe(2);
  });

  it('says when the stream is down', async () => {
    const { hook, source } = setup();
    source().emit('error', {});
    await waitFor(() => expect(hook.result.current).toBe('reconnecting'));
  });
});
