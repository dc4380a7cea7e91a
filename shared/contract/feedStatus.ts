import type { FromSchema } from 'json-schema-to-ts';
import { SUCCESS } from './wireParts';

/**
 * How fresh the data set is (`POST /api/feed/`): the feed's last sync, for the page's "Data as of" and its stale
 * notice. Without a feed, `following: false` alone. The page reads it by hand (src/freshness/feedStatus.ts), with
 * this type only: its first load carries no schema.
 */
export const FEED_STATUS_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'following'],
  properties: {
    success: SUCCESS,
    following: { type: 'boolean' },
    synced_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The last poll the feed answered well; null before the first',
    },
    age_ms: { type: 'integer', minimum: 0, description: 'Milliseconds since then (since the start, before it)' },
    stale: { type: 'boolean', description: 'Older than RVM_STALE_AFTER_MIN' },
  },
} as const;

export type FeedStatusAnswer = FromSchema<typeof FEED_STATUS_ANSWER_SCHEMA & { readonly additionalProperties: false }>;
