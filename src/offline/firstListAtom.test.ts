import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import { machinesAtom, machinesFetchedAtAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { testMachine } from '../../tests/unit/testMachine';
import { loadFirstListAtom } from './firstListAtom';
import type { KeptList } from './lastList';

const kept: { list: KeptList | null } = { list: null };
vi.mock('./lastList', () => ({ readLastList: async () => kept.list }));

const online = { value: true };
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online.value);

/** A store whose list call answers one machine. */
function storeWithApi() {
  const store = createStore();
  const paths: string[] = [];
  store.set(apiAtom, {
    call: (async (path: string) => {
      paths.push(path);
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
});
