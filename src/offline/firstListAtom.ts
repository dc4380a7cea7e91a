import { atom } from 'jotai';
import { loadMachinesAtom, machinesAtom, machinesFetchedAtAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { readLastList } from './lastList';

const firstListLoadAtom = atom<Promise<void> | null>(null);

/**
 * The page's first list, loaded once per page whoever asks first (the page's start, the map screen): the list
 * call's answer; on a device without a network, the list kept from the last visit, with the time it was fetched,
 * and no call that could only fail.
 */
export const loadFirstListAtom = atom(null, (get, set): Promise<void> => {
  const started = get(firstListLoadAtom);
  if (started) return started;
  const load = (async () => {
    if (!navigator.onLine) {
      const kept = await readLastList();
      if (kept) {
        set(machinesAtom, kept.machines);
        set(machinesFetchedAtAtom, kept.fetchedAt);
        set(machinesLoadStateAtom, 'loaded');
        return;
      }
    }
    await set(loadMachinesAtom);
  })();
  set(firstListLoadAtom, load);
  return load;
});
