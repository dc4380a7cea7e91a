import { atom } from 'jotai';
import { machinesFetchedAtAtom } from '../machines/machinesAtom';

/** When the page showed the kept list because its list call reached nothing: that list's time, else null. */
export const keptForUnreachableAtom = atom<number | null>(null);
keptForUnreachableAtom.debugLabel = 'keptForUnreachable';

/**
 * Whether the server could not be reached though the device says it is online (a network without internet, a
 * server down), and the page still shows the list kept from before: until a fresh list arrives.
 */
export const listUnreachableAtom = atom((get) => {
  const kept = get(keptForUnreachableAtom);
  return kept !== null && get(machinesFetchedAtAtom) === kept;
});
listUnreachableAtom.debugLabel = 'listUnreachable';
