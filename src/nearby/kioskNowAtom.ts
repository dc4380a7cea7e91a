import { atom } from 'jotai';
import { nowAtom } from '../clock/nowAtom';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import { openingHoursNeededAtom } from '../openNow/openingHoursAtoms';

/**
 * At a kiosk that knows its place, the time by which its list tells which machines are closed now (the opening
 * hours library loaded); null anywhere else, where nothing is loaded for it.
 */
export const kioskNowAtom = atom((get): Date | null => {
  if (get(kioskHereAtom) === null) return null;
  get(openingHoursNeededAtom);
  return get(nowAtom);
});
kioskNowAtom.debugLabel = 'kioskNow';
