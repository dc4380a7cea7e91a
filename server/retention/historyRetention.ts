import type { FastifyInstance } from 'fastify';
import type { FeedStore } from '../db/feedStore';
import { startHourlyPruning } from './hourlyPruning';

/**
 * Prunes the machines' history (written by the feed's syncs and by operators' updates) once the server is ready and
 * then every hour, until it closes (startHourlyPruning).
 */
export function pruneHistoryWhileRunning(app: FastifyInstance, feed: FeedStore, retentionDays: number): void {
  let stop = (): void => undefined;
  app.addHook('onReady', async () => {
    stop = await startHourlyPruning(
      'history retention',
      () => feed.pruneHistory(retentionDays),
      (message) => app.log.warn(message),
    );
  });
  app.addHook('onClose', async () => stop());
}
