import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { nowAtom } from '../clock/nowAtom';
import { machinesAtom } from '../machines/machinesAtom';
import { openingHoursNeededAtom } from './openingHoursAtoms';
import { openFlagsOf } from './openState';

/** The 'Open now' filter toggle. */
export const openNowOnlyAtom = atom(false);
openNowOnlyAtom.debugLabel = 'openNowOnly';

const flagInputsAtom = atom((get) => {
  // Until the library is there every machine counts as possibly open; then the flags are recomputed.
  get(openingHoursNeededAtom);
  return { machines: get(machinesAtom), now: get(nowAtom) };
});

const sameFlags = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((flag, i) => flag === b[i]);

/**
 * Per machine of machinesAtom, 0 when its structured hours say it is closed now, else 1. A minute in which
 * nothing opened or closed keeps the same array, so the filtered set (and the list's scroll and focus) stays.
 */
export const openNowFlagsAtom = selectAtom(
  flagInputsAtom,
  ({ machines, now }) => openFlagsOf(machines, now),
  sameFlags,
);
openNowFlagsAtom.debugLabel = 'openNowFlags';
