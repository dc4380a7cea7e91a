import { atom } from 'jotai';
import type { Area, District } from '../../shared/machine';
import { allRowsAtom, machinesAtom, packedMachinesAtom } from '../machines/machinesAtom';
import { searchIndexAtom } from '../machines/searchIndexAtoms';
import { keepOpenNow } from './keepOpenNow';
import { openNowFlagsAtom, openNowOnlyAtom } from '../openNow/openNowAtoms';
import { filterPacked } from './filterResult';
import { normaliseSearchText } from '../machines/searchIndex';
import { createTextMatcher } from './textSearch';
import type { StatusGroup } from '../machines/statusGroups';

export const statusGroupAtom = atom<StatusGroup | null>(null);
statusGroupAtom.debugLabel = 'statusGroup';

const areaValueAtom = atom<Area | null>(null);
export const districtAtom = atom<District | null>(null);
districtAtom.debugLabel = 'district';

/** Choosing an area clears the chosen district (docs/spec.md#validation-rules). */
export const areaAtom = atom(
  (get) => get(areaValueAtom),
  (get, set, area: Area | null) => {
    if (area !== get(areaValueAtom)) set(districtAtom, null);
    set(areaValueAtom, area);
  },
);
areaAtom.debugLabel = 'area';

/** What is typed in the search box, right now. */
export const searchInputAtom = atom('');
searchInputAtom.debugLabel = 'searchInput';
/** The search text the filter uses: the input after the 200 ms debounce, or at once on Search. */
export const searchQueryAtom = atom('');
searchQueryAtom.debugLabel = 'searchQuery';

// The texts alone: a live change that leaves every name and address as it was keeps them, and so the matcher
// and its narrowing answers.
const searchTextsAtom = atom((get) => get(searchIndexAtom).texts);
const textMatcherAtom = atom((get) => createTextMatcher(get(searchTextsAtom)));

/** The one derived set both the list and the map show. */
export const filteredMachinesAtom = atom((get) => {
  const query = normaliseSearchText(get(searchQueryAtom));
  const result = filterPacked(
    get(machinesAtom),
    get(packedMachinesAtom),
    { statusGroup: get(statusGroupAtom), area: get(areaAtom), district: get(districtAtom) },
    query ? get(textMatcherAtom)(query) : null,
    get(allRowsAtom),
  );
  return get(openNowOnlyAtom) ? keepOpenNow(result, get(openNowFlagsAtom)) : result;
});
filteredMachinesAtom.debugLabel = 'filteredMachines';

export const resetFiltersAtom = atom(null, (_get, set) => {
  set(statusGroupAtom, null);
  set(areaAtom, null);
  set(districtAtom, null);
  set(searchInputAtom, '');
  set(searchQueryAtom, '');
  set(openNowOnlyAtom, false);
});

export const applySearchNowAtom = atom(null, (get, set) => {
  set(searchQueryAtom, get(searchInputAtom));
});
