import { atom } from 'jotai';
import { positionAtom } from './geolocationAtom';
import type { SortOrder } from './sortOrder';

/** How the Location List is ordered; 'distance' takes effect once the position is known. */
export const sortOrderAtom = atom<SortOrder>('list');
sortOrderAtom.debugLabel = 'sortOrder';

/** The list is ordered by distance right now. */
export const sortingByDistanceAtom = atom((get) => get(sortOrderAtom) === 'distance' && get(positionAtom) !== null);
