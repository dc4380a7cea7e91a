import type { FastifyInstance } from 'fastify';
import type { FeedStore } from '../db/feedStore';
import { ApiError } from '../errors';
import { checkFeedTimestamp } from '../machines/feedFields';
import { MACHINE_ID_PATTERN } from '../machines/validate';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/rvm/:id/history';
/** Entries per answer; the next page starts at the last one's `at`. */
export const HISTORY_PAGE_ENTRIES = 1000;

/**
 * `GET /api/rvm/:id/history?since=`: the machine's states (status, maintenance, service status, deactivation,
 * bins, report times) as the feed changed them, oldest first, after `since` (ISO 8601; all kept when absent).
 * 400 for a bad id or time, 404 for an unknown machine.
 */
export function registerHistoryRoutes(app: FastifyInstance, feed: FeedStore): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(ROUTE, async (request, reply) => {
    const { id } = request.params;
    if (!MACHINE_ID_PATTERN.test(id)) throw new ApiError(400, 'badRequest');
    const { since: rawSince, ...others } = request.query;
    if (Object.keys(others).length > 0) throw new ApiError(400, 'badRequest');
    const since = rawSince === undefined ? null : checkFeedTimestamp(rawSince);
    if (since === undefined || (rawSince !== undefined && since === null)) throw new ApiError(400, 'badRequest');
    const page = await feed.history(id, since, HISTORY_PAGE_ENTRIES);
    if (!page) throw new ApiError(404, 'notFound');
    reply.header('cache-control', 'no-cache');
    return { success: true, id, history: page.entries, more: page.more };
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
