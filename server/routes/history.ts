import type { FromSchema } from 'json-schema-to-ts';
import type { FeedStore } from '../db/feedStore';
import { ApiError } from '../errors';
import { normaliseFeedTimestamp } from '../../shared/feedTimestamp';
import { errorAnswer, MACHINE_ID_SCHEMA, ref, SERVER_ERRORS } from './apiSchemas';
import { route } from './route';

/** Entries per answer; the next page starts at the last one's `at`. */
export const HISTORY_PAGE_ENTRIES = 1000;

const HISTORY_PARAMS = { type: 'object', required: ['id'], properties: { id: MACHINE_ID_SCHEMA } } as const;

/** The schema says `since` is one text; what makes it a time (shared/feedTimestamp.ts) the handler checks. */
const HISTORY_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    since: {
      type: 'string',
      description: 'Only the states after this time: ISO 8601, no offset = Hong Kong time. All kept when absent',
    },
  },
} as const;

export const HISTORY_SCHEMA = {
  tags: ['machines'],
  operationId: 'getMachineHistory',
  summary: "A machine's states as the feed changed them",
  description: `Oldest first, at most ${HISTORY_PAGE_ENTRIES} a page: when \`more\` is true, ask again with the last \`at\` as \`since\`.`,
  params: HISTORY_PARAMS,
  querystring: HISTORY_QUERY,
  response: {
    200: {
      description: 'The states after `since`',
      type: 'object',
      required: ['success', 'id', 'history', 'more'],
      properties: {
        success: { type: 'boolean', const: true },
        id: { type: 'string' },
        history: { type: 'array', items: ref('HistoryEntry') },
        more: { type: 'boolean', description: 'More states follow the last one' },
      },
    },
    400: errorAnswer('badRequest: a bad id, `since` not a date-time, or another parameter'),
    404: errorAnswer('notFound: no such machine'),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * `GET /api/rvm/:id/history?since=`: the machine's states (status, maintenance, service status, deactivation,
 * bins, report times) as the feed changed them, oldest first, after `since` (ISO 8601; all kept when absent).
 * 400 for a bad id or time, 404 for an unknown machine.
 */
export const historyRoutes = ({ engine }: { engine: { feed: FeedStore } }) => ({
  history: route<{ Params: FromSchema<typeof HISTORY_PARAMS>; Querystring: FromSchema<typeof HISTORY_QUERY> }>({
    schema: HISTORY_SCHEMA,
    handler: async (request, reply) => {
      const { id } = request.params;
      const rawSince = request.query.since;
      const since = rawSince === undefined ? null : normaliseFeedTimestamp(rawSince);
      if (rawSince !== undefined && since === null) throw new ApiError(400, 'badRequest');
      const page = await engine.feed.history(id, since, HISTORY_PAGE_ENTRIES);
      if (!page) throw new ApiError(404, 'notFound');
      reply.header('cache-control', 'no-cache');
      return { success: true, id, history: page.entries, more: page.more };
    },
  }),
});
