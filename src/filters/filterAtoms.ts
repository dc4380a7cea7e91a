import { atom } from 'jotai';
import type { Area, District } from '../../shared/machine';
import { machinesAtom } from '../machines/machinesAtom';
import { localeAtom } from '../i18n/localeAtom';
import { keepOpenNow } from './keepOpenNow';
import { openNowFlagsAtom, openNowOnlyAtom } from '../openNow/openNowAtoms';
import { filterPacked } from './filterResult';
import { normaliseSearchText } from '../machines/searchIndex';
import { createPacker } from '../machines/repackMachines';
import { createSearchIndexer } from '../machines/searchIndexer';
import { createTextMatcher } from './textSearch';
import type { StatusGroup } from '../machines/statusGroups';

export const statusGroupAtom = atom<StatusGroup | null>(null);
statusGroupAtom.debugLabel = 'statusGroup';

const areaValueAtom = atom<Area | null>(null);
export const districtAtom = atom<District | null>(null);
districtAtom.debugLabel = 'district';

/** Choosing an area clears the chosen district (spec §5). */
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

/** Typed columns of the machine list, built once per list; a live status change patches its rows only. */
const packLatest = createPacker();
export const packedMachinesAtom = atom((get) => packLatest(get(machinesAtom)));
packedMachinesAtom.debugLabel = 'packedMachines';

/** One normalised string per machine in the current language: built ahead while idle (useSearchIndexWarmUp), or at the first search. */
export const searchIndexer = createSearchIndexer();
export const searchIndexAtom = atom((get) => searchIndexer(get(machinesAtom), get(localeAtom)));
searchIndexAtom.debugLabel = 'searchIndex';

const textMatcherAtom = atom((get) => createTextMatcher(get(searchIndexAtom)));

/** The one derived set both the list and the map show. */
export const filteredMachinesAtom = atom((get) => {
  const query = normaliseSearchText(get(searchQueryAtom));
  const result = filterPacked(
    get(machinesAtom),
    get(packedMachinesAtom),
    { statusGroup: get(statusGroupAtom), area: get(areaAtom), district: get(districtAtom) },
    query ? get(textMatcherAtom)(query) : null,
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
