import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { localeAtom } from '../i18n/localeAtom';
import { machinesAtom } from '../machines/machinesAtom';
import { searchIndexer } from './filterAtoms';
import { browserIdle, buildSearchIndexInSlices, type IdleWait } from './searchIndexSlices';

/**
 * Above this many machines the index is left to the first search, as before: at 1M it is ~2.5 s of work
 * and a million strings held for a search that may never come, and the benchmark's runs with it built ahead
 * showed no gain, only slower filter frames in one of two runs.
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
