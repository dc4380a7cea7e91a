import { atom } from 'jotai';
import { nowAtom } from '../clock/nowAtom';
import { machinesFetchedAtAtom, staleAfterMsAtom } from '../machines/machinesAtom';
import { isFeedStale } from './feedStatus';
import { feedFreshnessAtom } from './feedStatusAtom';

/** "Data as of": the feed's last sync when the server follows one, else when the list was last fetched. */
export const dataAsOfAtom = atom((get): number | null => {
  const feed = get(feedFreshnessAtom);
  return feed?.syncedAtMs ?? get(machinesFetchedAtAtom);
});
dataAsOfAtom.debugLabel = 'dataAsOf';

/** The feed has not answered for longer than RVM_STALE_AFTER_MIN (re-checked on the minute). */
export const feedStaleAtom = atom((get): boolean => {
  const feed = get(feedFreshnessAtom);
  return feed !== null && isFeedStale(feed, get(nowAtom).getTime(), get(staleAfterMsAtom));
});
feedStaleAtom.debugLabel = 'feedStale';
