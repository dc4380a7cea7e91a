import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { localeAtom } from '../i18n/localeAtom';
import { machinesAtom } from '../machines/machinesAtom';
import { searchIndexer } from './filterAtoms';
import { browserIdle, buildSearchIndexInSlices, type IdleWait } from './searchIndexSlices';

/**
 * Above this many machines the index is left to the first search: building it ahead would be seconds of
 * idle work and a million strings held for a search that may never come (docs/decisions/0002).
 */
export const SEARCH_WARM_UP_MAX_MACHINES = 100_000;

/**
 * Builds the search index in idle slices once `start` is true (the map has loaded), for a list and
 * language the index does not yet cover, so the first search keystroke does not build it.
 */
export function useSearchIndexWarmUp(start: boolean): void {
  const machines = useAtomValue(machinesAtom);
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    if (!start || machines.length === 0 || machines.length > SEARCH_WARM_UP_MAX_MACHINES) return;
    if (searchIndexer.has(machines, locale)) return;
    const abort = new AbortController();
    // A search meanwhile builds the index itself: then the rest of this work is not wanted.
    const idle: IdleWait = async (signal) => (searchIndexer.has(machines, locale) ? null : browserIdle(signal));
    void buildSearchIndexInSlices(machines, locale, abort.signal, idle).then((index) => {
      if (index && !abort.signal.aborted) searchIndexer.prime(machines, locale, index);
    });
    return () => abort.abort();
  }, [start, machines, locale]);
}
