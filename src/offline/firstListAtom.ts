import { atom } from 'jotai';
import { loadMachinesAtom, machinesAtom, machinesFetchedAtAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { readLastList } from './lastList';

/**
 * The page's first list: the list call's answer; on a device without a network, the list kept from the last
 * visit, with the time it was fetched, and no call that could only fail.
 */
export const loadFirstListAtom = atom(null, async (_get, set) => {
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
});
