import { atom } from 'jotai';
import { filteredMachinesAtom } from '../filters/filterAtoms';
import type { FilterResult } from '../filters/filterResult';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import { nearestFirst } from './nearestFirst';
import { positionAtom } from '../nearby/geolocationAtom';
import { sortOrderAtom } from '../nearby/sortAtoms';
import { openNowFlagsAtom } from '../openNow/openNowAtoms';

/**
 * The filtered machines in list order: nearest first when sorting by distance; at a kiosk that knows its place,
 * the nearest that take bottles now (open, in service, not full) first. The map reads the unsorted result.
 */
export const listedMachinesAtom = atom((get): FilterResult => {
  const result = get(filteredMachinesAtom);
  const here = get(kioskHereAtom);
  // Reading the open flags loads the opening hours library at once: only a kiosk with a place needs it here.
  if (here) return nearestFirst(result, here, get(openNowFlagsAtom));
  const position = get(positionAtom);
  if (get(sortOrderAtom) !== 'distance' || position === null) return result;
  return nearestFirst(result, position);
});
listedMachinesAtom.debugLabel = 'listedMachines';
