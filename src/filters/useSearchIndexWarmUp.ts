import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { localeAtom } from '../i18n/localeAtom';
import { machineListAtom, machinesAtom } from '../machines/machinesAtom';
import { coversList, patchSearchIndex } from '../machines/searchIndex';
import { primedSearchIndexAtom } from '../machines/searchIndexAtoms';
import { searchQueryAtom } from './filterAtoms';
import { browserIdle, buildSearchIndexInSlices, type IdleWait } from './searchIndexSlices';

/**
 * Above this many machines the index is left to the first search: building it ahead would be seconds of
 * idle work and a million strings held for a search that may never come (docs/decisions/0002).
 */
export const SEARCH_WARM_UP_MAX_MACHINES = 100_000;

/**
 * Builds the search index in idle slices once `start` is true (the map has loaded), for a list and
 * language the index built ahead does not yet cover, so the first search keystroke does not build it.
 * After a live change only the replaced rows are indexed, at once.
 */
export function useSearchIndexWarmUp(start: boolean): void {
  const store = useStore();
  const machines = useAtomValue(machinesAtom);
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    if (!start || machines.length === 0 || machines.length > SEARCH_WARM_UP_MAX_MACHINES) return;
    const primed = store.get(primedSearchIndexAtom);
    if (coversList(primed, machines, locale)) return;
    const patched = patchSearchIndex(primed, store.get(machineListAtom), locale);
    if (patched) {
      store.set(primedSearchIndexAtom, patched);
      return;
    }
    const abort = new AbortController();
    // A search meanwhile builds the index itself: then the rest of this work is not wanted.
    const idle: IdleWait = async (signal) => (store.get(searchQueryAtom) ? null : browserIdle(signal));
    void buildSearchIndexInSlices(machines, locale, abort.signal, idle).then((texts) => {
      if (texts && !abort.signal.aborted) store.set(primedSearchIndexAtom, { machines, locale, texts });
    });
    return () => abort.abort();
  }, [start, machines, locale, store]);
}
