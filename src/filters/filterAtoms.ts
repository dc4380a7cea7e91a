import { atom } from 'jotai';
import type { Area, District } from '../machines/machine';
import { machinesAtom } from '../machines/machinesAtom';
import { localeAtom } from '../i18n/localeAtom';
import { buildSearchIndex, filterMachines, normaliseSearchText } from './predicates';
import type { StatusGroup } from './statusGroups';

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

export const searchIndexAtom = atom((get) => buildSearchIndex(get(machinesAtom), get(localeAtom)));

export const filteredMachinesAtom = atom((get) =>
  filterMachines(get(machinesAtom), get(searchIndexAtom), {
    statusGroup: get(statusGroupAtom),
    area: get(areaAtom),
    district: get(districtAtom),
    query: normaliseSearchText(get(searchQueryAtom)),
  }),
);
filteredMachinesAtom.debugLabel = 'filteredMachines';

export const resetFiltersAtom = atom(null, (_get, set) => {
  set(statusGroupAtom, null);
  set(areaAtom, null);
  set(districtAtom, null);
  set(searchInputAtom, '');
  set(searchQueryAtom, '');
});

export const applySearchNowAtom = atom(null, (get, set) => {
  set(searchQueryAtom, get(searchInputAtom));
});
