import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import { loadMachinesAtom, machinesAtom, machinesLoadStateAtom, replaceMachineAtom } from './machinesAtom';

const good = (id: string) => ({
  id,
  coordinates: [22.3193, 114.1694],
  area: 'KOWLOON',
  district: 'YAU TSIM MONG',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: id,
});

function storeAnswering(...bodies: unknown[]) {
  const store = createStore();
  const call = vi.fn(() => Promise.resolve(bodies.shift()));
  store.set(apiAtom, { call: call as never });
  return store;
}

afterEach(() => vi.restoreAllMocks());

describe('loading the list with bad rows in it', () => {
  it('loads the good rows and logs the rejected ones once, with their count, however often it loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = { success: true, rvms: [good('A'), { id: 'B', coordinates: [0, 0] }, good('A'), good('C')] };
    const store = storeAnswering(answer, answer, answer);

    await store.set(loadMachinesAtom);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['A', 'C']);
    expect(store.get(machinesLoadStateAtom)).toBe('loaded');
    await store.set(loadMachinesAtom);
    await store.set(loadMachinesAtom, { not_blocking: true });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('2 machine rows left off the map');
    expect(warn.mock.calls[0]?.[1]).toEqual([
      { index: 1, reason: 'outside-map' },
      { index: 2, reason: 'duplicate-id' },
    ]);
  });

  it.each([
    ['success: false', { success: false, msg: 'systemError' }],
    ['a non-array rvms', { success: true, rvms: 'none' }],
    ['a non-object body', 'oops'],
  ])('keeps the current machines untouched on %s', async (_name, body) => {
    const store = storeAnswering({ success: true, rvms: [good('A')] }, body);
    await store.set(loadMachinesAtom);
    const before = store.get(machinesAtom);
    await store.set(loadMachinesAtom);
    expect(store.get(machinesAtom)).toBe(before);
    expect(store.get(machinesLoadStateAtom)).toBe('loaded');
  });

  it('marks the load failed when the call itself failed (the client already showed why)', async () => {
    const store = storeAnswering(undefined);
    await store.set(loadMachinesAtom);
    expect(store.get(machinesAtom)).toEqual([]);
    expect(store.get(machinesLoadStateAtom)).toBe('failed');
  });
});

describe('a live change while the list call is on its way', () => {
  /** A store whose list calls wait until the test answers them, in the order they were made. */
  function storeHolding() {
    const store = createStore();
    const answers: ((body: unknown) => void)[] = [];
    store.set(apiAtom, { call: (() => new Promise((resolve) => answers.push(resolve))) as never });
    return { store, answer: (body: unknown) => answers.shift()!(body) };
  }
  const list = (status: string) => ({ success: true, rvms: [{ ...good('A'), status }, good('B')] });

  it.each([
    ['a background refresh', { not_blocking: true }],
    ['a blocking load', {}],
  ])('is not undone by %s read before it', async (_name, options) => {
    const { store, answer } = storeHolding();
    const first = store.set(loadMachinesAtom);
    answer(list('>40%'));
    await first;

    const refresh = store.set(loadMachinesAtom, options);
    const full = { ...store.get(machinesAtom)[0]!, status: 'Full' as const };
    store.set(replaceMachineAtom, full);
    answer(list('>40%'));
    await refresh;
    expect(store.get(machinesAtom).map((m) => m.status)).toEqual(['Full', '>40%']);

    // Once the call has ended, a later list is taken as it is.
    const next = store.set(loadMachinesAtom, options);
    answer(list('<=5%'));
    await next;
    expect(store.get(machinesAtom)[0]!.status).toBe('<=5%');
  });
});
