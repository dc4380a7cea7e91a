import type { FastifyInstance } from 'fastify';
import type { FeedStatus } from '../feed/follower';
import { LIST_BODY_LIMIT_BYTES } from './rvm';
import { refuseOtherMethods } from './methodNotAllowed';

const URLS = ['/api/feed/', '/api/feed'] as const;

/**
 * `POST /api/feed/`: how fresh the whole data set is, for the page's "Data as of" and its stale notice. `age_ms`
 * rather than a time alone, so the page can place the sync on its own clock. Without a feed: `following: false`.
 */
export function registerFeedStatusRoute(app: FastifyInstance, feedStatus: (() => FeedStatus) | null): void {
  for (const url of URLS) {
    app.post(url, { bodyLimit: LIST_BODY_LIMIT_BYTES }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!feedStatus) return { success: true, following: false };
      const { syncedAt, ageMs, stale } = feedStatus();
      return { success: true, following: true, synced_at: syncedAt, age_ms: ageMs, stale };
    });
  }
  refuseOtherMethods(app, URLS, ['POST']);
}
