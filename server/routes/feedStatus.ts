import { FEED_STATUS_ANSWER_SCHEMA, type FeedStatusAnswer } from '../../shared/contract/feedStatus';
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
      ...FEED_STATUS_ANSWER_SCHEMA,
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
    handler: async (_request, reply): Promise<FeedStatusAnswer> => {
      reply.header('cache-control', 'no-store');
      if (!feedStatus) return { success: true, following: false };
      const { syncedAt, ageMs, stale } = feedStatus();
      return { success: true, following: true, synced_at: syncedAt, age_ms: ageMs, stale };
    },
  }),
});
