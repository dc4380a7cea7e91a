import { atom } from 'jotai';
import type { Machine } from '../../shared/machine';
import { machinesAtom } from '../machines/machinesAtom';
import { nowAtom } from '../clock/nowAtom';
import { openingHoursNeededAtom } from './openingHoursAtoms';
import { openFlagsOf } from './openState';

/** The 'Open now' filter toggle. */
export const openNowOnlyAtom = atom(false);
openNowOnlyAtom.debugLabel = 'openNowOnly';

// The last flags per machine list: a minute in which nothing opened or closed keeps the same array,
// so the filtered set (and the list's scroll and focus) stays as it is.
const lastFlags = new WeakMap<readonly Machine[], Uint8Array>();

/** Per machine of machinesAtom, 0 when its structured hours say it is closed now, else 1. */
export const openNowFlagsAtom = atom((get) => {
  const machines = get(machinesAtom);
  // Until the library is there every machine counts as possibly open; then the flags are recomputed.
  get(openingHoursNeededAtom);
  const flags = openFlagsOf(machines, get(nowAtom));
  const last = lastFlags.get(machines);
  if (last && last.length === flags.length && last.every((flag, i) => flag === flags[i])) return last;
  lastFlags.set(machines, flags);
  return flags;
});
openNowFlagsAtom.debugLabel = 'openNowFlags';
