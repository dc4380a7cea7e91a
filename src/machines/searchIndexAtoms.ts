import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Locale } from '../../shared/machine';
import { localeAtom } from '../i18n/localeAtom';
import type { MachineList } from './machineList';
import { machineListAtom } from './machinesAtom';
import { nextSearchIndex, type SearchIndex } from './searchIndex';

/** An index built ahead while the page was idle (useSearchIndexWarmUp), taken by the first search of its list. */
export const primedSearchIndexAtom = atom<SearchIndex | null>(null);
primedSearchIndexAtom.debugLabel = 'primedSearchIndex';

const indexInputsAtom = atom((get): { list: MachineList; locale: Locale; primed: SearchIndex | null } => ({
  list: get(machineListAtom),
  locale: get(localeAtom),
  primed: get(primedSearchIndexAtom),
}));

/**
 * One normalised string per shown machine in the current language, built at the first search (or ahead, primed)
 * and then made from this store's index before it: a live change builds its own rows only.
 */
export const searchIndexAtom = selectAtom(indexInputsAtom, ({ list, locale, primed }, previous?: SearchIndex) =>
  nextSearchIndex(previous, list, locale, primed),
);
searchIndexAtom.debugLabel = 'searchIndex';
