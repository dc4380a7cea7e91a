import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import type { FileStore } from '../files/store';
import type { MachineBus } from '../live/bus';
import { FeedFollower } from './follower';
import { startHistoryPruning } from './historyRetention';

/** Starts following RVM_UPSTREAM_URL once the server is ready, and stops when it closes; null without a feed. */
export function followFeed(
  app: FastifyInstance,
  config: ServerConfig,
  db: Db,
  store: FileStore,
  bus: MachineBus,
): FeedFollower | null {
  if (config.upstreamUrl === null) return null;
  const follower = new FeedFollower(db, store, bus, {
    baseUrl: config.upstreamUrl,
    intervalMs: config.upstreamIntervalMs,
    timeoutMs: config.upstreamTimeoutMs,
    maxBytes: config.upstreamMaxBytes,
    photoMaxBytes: config.uploadMaxBytes,
    staleAfterMs: config.staleAfterMs,
    log: (level, message) => app.log[level](message),
  });
  let stopPruning = (): void => undefined;
  app.addHook('onReady', async () => {
    stopPruning = startHistoryPruning(db, config.historyRetentionDays, (message) => app.log.warn(message));
    follower.start();
  });
  app.addHook('onClose', async () => {
    stopPruning();
    await follower.stop();
  });
  return follower;
}
