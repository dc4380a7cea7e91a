import type { FeedStatus } from '../feed/follower';
import { BODY_ERRORS, SERVER_ERRORS } from './apiSchemas';
import { LIST_BODY_LIMIT_BYTES } from './rvm';
import { route } from './route';

/** No body schema: as for the list call, the body is ignored. */
export const FEED_STATUS_SCHEMA = {
  tags: ['machines'],
  operationId: 'getFeedStatus',
  summary: "How fresh the data set is: the feed's last sync",
  description: 'The request body is ignored (the page sends `{}`) and refused over 1 KiB.',
  response: {
    200: {
      description: 'Without a feed, `following: false` alone; when following one, when it last answered',
      type: 'object',
      required: ['success', 'following'],
      properties: {
        success: { type: 'boolean', const: true },
        following: { type: 'boolean' },
        synced_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'The last poll the feed answered well; null before the first',
        },
        age_ms: { type: 'integer', minimum: 0, description: 'Milliseconds since then (since the start, before it)' },
        stale: { type: 'boolean', description: 'Older than RVM_STALE_AFTER_MIN' },
      },
    },
    ...BODY_ERRORS,
    ...SERVER_ERRORS,
  },
} as const;

/**
 * `POST /api/feed/`: how fresh the whole data set is, for the page's "Data as of" and its stale notice. `age_ms`
 * rather than a time alone, so the page can place the sync on its own clock. Without a feed: `following: false`.
 */
export const feedStatusRoutes = ({ feedStatus }: { feedStatus: (() => FeedStatus) | null }) => ({
  status: route({
    bodyLimit: LIST_BODY_LIMIT_BYTES,
    schema: FEED_STATUS_SCHEMA,
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!feedStatus) return { success: true, following: false };
      const { syncedAt, ageMs, stale } = feedStatus();
      return { success: true, following: true, synced_at: syncedAt, age_ms: ageMs, stale };
    },
  }),
});
