import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { runtimeConfig } from '../runtimeConfig';
import { loadFeedFreshnessAtom } from './feedStatusAtom';

/** When the server follows a feed: asks how fresh it is on load and then as often as the server asks the feed. */
export function useFeedFreshness(): void {
  const load = useSetAtom(loadFeedFreshnessAtom);
  useEffect(() => {
    const { feedIntervalMs } = runtimeConfig();
    if (feedIntervalMs === null) return;
    void load();
    const timer = setInterval(() => void load(), feedIntervalMs);
    return () => clearInterval(timer);
  }, [load]);
}
