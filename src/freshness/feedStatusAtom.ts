import { atom } from 'jotai';
import { apiAtom } from '../api/apiAtom';
import { parseFeedStatus, type FeedFreshness } from './feedStatus';

/** The feed the server follows, as last heard; null without a feed or before the first answer. */
export const feedFreshnessAtom = atom<FeedFreshness | null>(null);
feedFreshnessAtom.debugLabel = 'feedFreshness';

/** Asks the server about its feed, in the background: a failure keeps what was known (the clock ages it). */
export const loadFeedFreshnessAtom = atom(null, async (get, set) => {
  const { call } = get(apiAtom);
  const body = await call<unknown>('feed/', {}, { not_blocking: true, throw_error: true }).catch(() => undefined);
  const feed = parseFeedStatus(body, Date.now());
  if (feed) set(feedFreshnessAtom, feed);
});
