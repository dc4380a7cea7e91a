import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { FeedStatus } from '../feed/follower';
import type { ListBody } from '../http/listBody';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/health';

/**
 * `GET /api/health`: ok only when the machine list can be read, judged by the last list built (at start, and
 * again by the first list call after each change). A count alone is no proof: SQLite can count the rows from the
 * id index while the table's own pages are damaged. Reading 50 000 machines on every health call would keep the
 * server busy, so the count it reports is taken fresh and the last build stands for the rows behind it. When the server follows a feed, `feed` says when it last answered
 * and whether that is longer ago than RVM_STALE_AFTER_MIN, whether this instance polls it or follows it through
 * the instance named in `poller`, a mass deactivation held for the next answer, and where the photos stand; a
 * stale feed is still 200: the server itself is fine and serves the last good data.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  lastList: () => Promise<ListBody> | null,
  countMachines: () => Promise<number>,
  feedStatus: (() => FeedStatus) | null = null,
): void {
  app.get(ROUTE, async (request, reply) => {
    let machines: number;
    try {
      // The last build proves the rows can be read (rejected when it failed); before the first, the start's check does.
      await lastList();
      machines = await countMachines();
    } catch (error) {
      request.log.error({ err: error }, 'health: the machine list cannot be read');
      throw new ApiError(503, 'systemError');
    }
    reply.header('cache-control', 'no-store');
    if (!feedStatus) return { success: true, status: 'ok', machines };
    const feed = feedStatus();
    const { photos, heldDeactivation: held } = feed;
    return {
      success: true,
      status: 'ok',
      machines,
      feed: {
        last_sync: feed.syncedAt,
        age_s: Math.round(feed.ageMs / 1000),
        stale: feed.stale,
        failures: feed.failures,
        last_error: feed.lastError,
        role: feed.role,
        poller: feed.poller,
        held_deactivation: held && { machines: held.machines, active: held.active, since: held.since },
        photos: {
          waiting: photos.waiting,
          fetching: photos.fetching,
          stalled: photos.stalled,
          failed: photos.failed,
          last_error: photos.lastError,
        },
      },
    };
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
