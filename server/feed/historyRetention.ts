import type { Db } from '../db/open';
import { pruneHistory } from './feedStore';

/** How often a running server forgets history entries past the retention. */
export const HISTORY_PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

/** Prunes now and then every hour; a failed pass (the database busy with an import) is left to the next. */
export function startHistoryPruning(db: Db, retentionDays: number, warn: (message: string) => void): () => void {
  const prune = (): void => {
    try {
      pruneHistory(db, retentionDays);
    } catch (error) {
      warn(`history retention: ${(error as Error).message}; trying again in an hour`);
    }
  };
  prune();
  const timer = setInterval(prune, HISTORY_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
