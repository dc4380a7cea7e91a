import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import { ApiError } from '../api/client';
import { machinesAtom, machinesFetchedAtAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { testMachine } from '../../tests/support/testMachine';
import { loadFirstListAtom } from './firstListAtom';
import { listUnreachableAtom } from './unreachableAtom';
import type { KeptList } from './lastList';

const kept: { list: KeptList | null } = { list: null };
vi.mock('./lastList', () => ({ readLastList: async () => kept.list }));

const online = { value: true };
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online.value);

/** A store whose list call answers one machine, or fails with `failure`. */
function storeWithApi(failure?: Error) {
  const store = createStore();
  const paths: string[] = [];
  store.set(apiAtom, {
    call: (async (path: string) => {
      paths.push(path);
      if (failure) throw failure;
      return { success: true, rvms: [testMachine('fresh')] };
    }) as never,
  });
  return { store, paths };
}

describe('loadFirstListAtom', () => {
  it('online: calls the list, even with a list kept', async () => {
    online.value = true;
    kept.list = { fetchedAt: 1_000, machines: [testMachine('kept')] };
    const { store, paths } = storeWithApi();
    await store.set(loadFirstListAtom);
    expect(paths).toEqual(['rvm/']);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
  });

  it('offline with a list kept: shows it with its own time, and makes no call', async () => {
    online.value = false;
    kept.list = { fetchedAt: 1_000, machines: [testMachine('kept')] };
    const { store, paths } = storeWithApi();
    await store.set(loadFirstListAtom);
    expect(paths).toEqual([]);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['kept']);
    expect(store.get(machinesFetchedAtAtom)).toBe(1_000);
    expect(store.get(machinesLoadStateAtom)).toBe('loaded');
  });

  it('offline with nothing kept: tries the call as ever', async () => {
    online.value = false;
    kept.list = null;
    const { store, paths } = storeWithApi();
    await store.set(loadFirstListAtom);
    expect(paths).toEqual(['rvm/']);
  });

  it('loads once per page, however many ask', async () => {
    online.value = true;
    const { store, paths } = storeWithApi();
    const first = store.set(loadFirstListAtom);
    expect(store.set(loadFirstListAtom)).toBe(first);
    await first;
    await store.set(loadFirstListAtom);
    expect(paths).toEqual(['rvm/']);
  });

  it('online, but nothing answers: after its own request gets no answer too, shows the kept list as unreachable', async () => {
    online.value = true;
    kept.list = { fetchedAt: 1_000, machines: [testMachine('kept')] };
    const { store, paths } = storeWithApi(new ApiError(0, undefined, 'network'));
    await store.set(loadFirstListAtom);
    expect(paths).toEqual(['rvm/']);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['kept']);
    expect(store.get(machinesLoadStateAtom)).toBe('loaded');
    expect(store.get(listUnreachableAtom)).toBe(true);
    // A fresh list ends it.
    store.set(machinesFetchedAtAtom, 2_000);
    expect(store.get(listUnreachableAtom)).toBe(false);
  });

  it("online, the early request got no answer but the page's own does: shows that answer", async () => {
    online.value = true;
    kept.list = { fetchedAt: 1_000, machines: [testMachine('kept')] };
    const { store } = storeWithApi();
    await store.set(loadFirstListAtom);
    expect(store.get(machinesAtom).map((m) => m.id)).toEqual(['fresh']);
    expect(store.get(listUnreachableAtom)).toBe(false);
  });

  it('online, nothing answers and nothing is kept: the failed state, as ever', async () => {
    online.value = true;
    kept.list = null;
    const { store } = storeWithApi(new ApiError(0, undefined, 'network'));
    await store.set(loadFirstListAtom);
    expect(store.get(machinesLoadStateAtom)).toBe('failed');
    expect(store.get(listUnreachableAtom)).toBe(false);
  });

  it('online, an HTTP error is no reason for the kept list', async () => {
    online.value = true;
    kept.list = { fetchedAt: 1_000, machines: [testMachine('kept')] };
    const { store } = storeWithApi(new ApiError(500, 'systemError', 'http'));
    await store.set(loadFirstListAtom);
    expect(store.get(machinesLoadStateAtom)).toBe('failed');
    expect(store.get(machinesAtom)).toEqual([]);
  });
});
