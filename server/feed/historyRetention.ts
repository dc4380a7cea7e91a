import type { FeedStore } from '../db/feedStore';

/** How often a running server forgets history entries past the retention. */
export const HISTORY_PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

/** Prunes now and then every hour; a failed pass (the database busy with an import) is left to the next. */
export function startHistoryPruning(
  feed: FeedStore,
  retentionDays: number,
  warn: (message: string) => void,
): () => void {
  const prune = (): void => {
    feed.pruneHistory(retentionDays).catch((error: unknown) => {
      warn(`history retention: ${error instanceof Error ? error.message : String(error)}; trying again in an hour`);
    });
  };
  prune();
  const timer = setInterval(prune, HISTORY_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
