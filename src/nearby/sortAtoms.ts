import { atom } from 'jotai';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import { positionAtom } from './geolocationAtom';
import type { SortOrder } from './sortOrder';

/** How the Location List is ordered; 'distance' takes effect once the position is known. */
export const sortOrderAtom = atom<SortOrder>('list');
sortOrderAtom.debugLabel = 'sortOrder';

/** Where distances are measured from: where a kiosk stands, else the visitor's position once known, else null. */
export const originAtom = atom((get) => get(kioskHereAtom) ?? get(positionAtom));
originAtom.debugLabel = 'origin';

/** The list is ordered by distance right now: at a kiosk that knows its place, always. */
export const sortingByDistanceAtom = atom(
  (get) => get(kioskHereAtom) !== null || (get(sortOrderAtom) === 'distance' && get(positionAtom) !== null),
);
sortingByDistanceAtom.debugLabel = 'sortingByDistance';
