import { ApiError } from '../errors';
import type { FeedStatus } from '../feed/follower';
import type { ListBody } from '../http/listBody';
import { errorAnswer } from './apiSchemas';
import { route } from './route';

export const HEALTH_SCHEMA = {
  tags: ['operations'],
  operationId: 'getHealth',
  summary: 'Whether the server can serve the machine list',
  description:
    'For a load balancer or a probe: 200 while the list can be read, 503 when it cannot. When the server follows ' +
    "a feed, how fresh its data is, who polls it, a held mass deactivation and the photos' background fetches.",
  response: {
    200: {
      description: 'The list can be read; `feed` is there when the server follows a feed (a stale feed is still 200)',
      type: 'object',
      required: ['success', 'status', 'machines'],
      properties: {
        success: { type: 'boolean', const: true },
        status: { type: 'string', const: 'ok' },
        machines: { type: 'integer', minimum: 0 },
        feed: {
          type: 'object',
          required: [
            'last_sync',
            'age_s',
            'stale',
            'failures',
            'last_error',
            'role',
            'poller',
            'held_deactivation',
            'kept_machines',
            'photos',
          ],
          properties: {
            last_sync: { type: ['string', 'null'], format: 'date-time', description: 'The last good poll' },
            age_s: { type: 'integer', minimum: 0, description: 'Seconds since then (since the start, before it)' },
            stale: { type: 'boolean', description: 'Older than RVM_STALE_AFTER_MIN' },
            failures: { type: 'integer', minimum: 0, description: 'Polls failed in a row' },
            last_error: { type: ['string', 'null'], description: 'Why the last of them failed' },
            role: {
              type: 'string',
              enum: ['poller', 'standby'],
              description: 'Whether this instance polls the feed, or follows it through the poller (PostgreSQL)',
            },
            poller: { type: ['string', 'null'], description: 'The instance that polls (host and process)' },
            held_deactivation: {
              description:
                'A sync that would leave fewer than half the baseline active, held for the next answer or an admin',
              anyOf: [
                { type: 'null' },
                {
                  type: 'object',
                  required: ['id', 'machines', 'active', 'remaining', 'baseline', 'baseline_since', 'since'],
                  properties: {
                    id: { type: 'integer', minimum: 1, description: 'The hold, as the feed review names it' },
                    machines: { type: 'integer', minimum: 0, description: 'Machines it would deactivate' },
                    active: { type: 'integer', minimum: 0, description: 'Machines active when it came' },
                    remaining: { type: 'integer', minimum: 0, description: 'Machines it would leave active' },
                    baseline: {
                      type: 'integer',
                      minimum: 0,
                      description: 'The most machines active at once since baseline_since',
                    },
                    baseline_since: {
                      type: 'string',
                      format: 'date-time',
                      description: 'The last confirmed mass deactivation, or the first sync',
                    },
                    since: { type: 'string', format: 'date-time', description: 'When it was held' },
                  },
                },
              ],
            },
            kept_machines: {
              type: 'integer',
              minimum: 0,
              description: 'Machines kept active against the feed by holds an admin rejected',
            },
            photos: {
              type: 'object',
              description: 'Photos fetched in the background, off the status path',
              required: ['waiting', 'fetching', 'stalled', 'failed', 'last_error'],
              properties: {
                waiting: { type: 'integer', minimum: 0 },
                fetching: { type: 'integer', minimum: 0 },
                stalled: { type: 'integer', minimum: 0, description: 'Fetching for over a third of their time limit' },
                failed: { type: 'integer', minimum: 0 },
                last_error: { type: ['string', 'null'] },
              },
            },
          },
        },
      },
    },
    '5xx': errorAnswer('systemError: the machine list cannot be read (503), or the server failed (500)'),
  },
} as const;

/**
 * `GET /api/health`: ok only when the machine list can be read, judged by the last list built (at start, and
 * again by the first list call after each change). A count alone is no proof: SQLite can count the rows from the
 * id index while the table's own pages are damaged. Reading 50 000 machines on every health call would keep the
 * server busy, so the count it reports is taken fresh and the last build stands for the rows behind it. When the server follows a feed, `feed` says when it last answered
 * and whether that is longer ago than RVM_STALE_AFTER_MIN, whether this instance polls it or follows it through
 * the instance named in `poller`, a mass deactivation held for the next answer or an admin, the machines kept
 * against the feed by a rejected hold, and where the photos stand; a
 * stale feed is still 200: the server itself is fine and serves the last good data.
 */
export interface HealthDeps {
  lastList: () => Promise<ListBody> | null;
  engine: { countMachines(): Promise<number> };
  feedStatus: (() => FeedStatus) | null;
}

export const healthRoutes = ({ lastList, engine, feedStatus }: HealthDeps) => ({
  health: route({
    schema: HEALTH_SCHEMA,
    handler: async (request, reply) => {
      let machines: number;
      try {
        // The last build proves the rows can be read (rejected when it failed); before the first, the start's check does.
        await lastList();
        machines = await engine.countMachines();
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
          held_deactivation: held && {
            id: held.id,
            machines: held.machines,
            active: held.active,
            remaining: held.remaining,
            baseline: held.baseline,
            baseline_since: held.baselineSince,
            since: held.since,
          },
          kept_machines: feed.keptMachines,
          photos: {
            waiting: photos.waiting,
            fetching: photos.fetching,
            stalled: photos.stalled,
            failed: photos.failed,
            last_error: photos.lastError,
          },
        },
      };
    },
  }),
});
