import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import type { MachineBus } from '../live/bus';
import { FeedFollower } from './follower';

/** Starts following RVM_UPSTREAM_URL once the server is ready, and stops when it closes; null without a feed. */
export function followFeed(
  app: FastifyInstance,
  config: ServerConfig,
  engine: Engine,
  bus: MachineBus,
): FeedFollower | null {
  if (config.upstreamUrl === null) return null;
  const follower = new FeedFollower(engine, bus, {
    baseUrl: config.upstreamUrl,
    intervalMs: config.upstreamIntervalMs,
    timeoutMs: config.upstreamTimeoutMs,
    maxBytes: config.upstreamMaxBytes,
    photoMaxBytes: config.uploadMaxBytes,
    staleAfterMs: config.staleAfterMs,
    log: (level, message) => app.log[level](message),
  });
  app.addHook('onReady', async () => {
    await follower.start();
  });
  app.addHook('onClose', async () => {
    await follower.stop();
  });
  return follower;
}
