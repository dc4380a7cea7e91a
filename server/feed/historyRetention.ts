import type { FastifyInstance } from 'fastify';
import type { FeedStore } from '../db/feedStore';

/** How often a running server forgets history entries past the retention. */
export const HISTORY_PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

/**
 * Prunes the machines' history (written by the feed's syncs and by operators' updates) once the server is ready and
 * then every hour, until it closes; a failed pass (the database busy with an import) is left to the next.
 */
export function pruneHistoryWhileRunning(app: FastifyInstance, feed: FeedStore, retentionDays: number): void {
  let timer: NodeJS.Timeout | undefined;
  const prune = (): void => {
    feed.pruneHistory(retentionDays).catch((error: unknown) => {
      app.log.warn(
        `history retention: ${error instanceof Error ? error.message : String(error)}; trying again in an hour`,
      );
    });
  };
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, HISTORY_PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
