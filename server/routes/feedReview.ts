import type { FromSchema } from 'json-schema-to-ts';
import {
  FEED_HOLD_SCHEMA,
  FEED_REVIEW_ANSWER_SCHEMA,
  HOLD_DECIDED_ANSWER_SCHEMA,
  type FeedHold as FeedHoldAnswer,
} from '../../shared/contract/heldSync';
import { reachesDistrict } from '../accounts/access';
import type { Engine } from '../db/engine';
import type { FeedHold, HoldDecision } from '../db/feedStore';
import { ApiError } from '../errors';
import type { FeedFollower } from '../feed/follower';
import { actorOf } from '../security/access';
import { ADMIN_ERRORS, ID_PARAMS, NOT_FOUND, READER_ERRORS } from './alertSchemas';
import { CONSOLE_SECURITY, consoleErrorAnswer } from './authSchemas';
import { route } from './route';

/** The decisions shown under the waiting hold: the latest few are what an operator asks about. */
const RECENT_HOLDS = 10;

const DECISION_ANSWER = { description: 'The hold as the decision left it', ...HOLD_DECIDED_ANSWER_SCHEMA } as const;
const DECIDED = {
  409: consoleErrorAnswer('holdDecided: the hold is over already (decided by an admin or by the next answer)', {
    hold: FEED_HOLD_SCHEMA,
  }),
} as const;
const ADMINS_ONLY = 'Admins (and the operator token) only; audited under their name.';

export const FEED_REVIEW_SCHEMAS = {
  review: {
    operationId: 'getFeedReview',
    tags: ['feed'],
    summary: "The feed follower's state and the sync held back, if one is",
    description:
      'The feed (its address without credentials or query values), the last sync, the last error, failures in a ' +
      'row, the interval, the next poll, the instance holding the poller lease; the hold waiting for a decision with ' +
      'the machines it would deactivate (of the districts the caller sees), and the latest decisions. Viewer and above.',
    security: CONSOLE_SECURITY,
    response: {
      200: {
        description: 'The feed and its hold; without a feed, `following: false` and `feed: null`',
        ...FEED_REVIEW_ANSWER_SCHEMA,
      },
      ...READER_ERRORS,
    },
  },
  confirm: {
    operationId: 'confirmFeedHold',
    tags: ['feed'],
    summary: 'Confirms a held sync: its machines are deactivated',
    description:
      'The waiting hold’s machines still active (or those a rejected hold still keeps) are deactivated, each ' +
      `audited under the caller, and open pages are told. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    response: { 200: DECISION_ANSWER, ...NOT_FOUND, ...DECIDED, ...ADMIN_ERRORS },
  },
  reject: {
    operationId: 'rejectFeedHold',
    tags: ['feed'],
    summary: 'Rejects a held sync: its machines stay active',
    description:
      'The machines stay active while the feed leaves them out, each until the feed sends it again; the rest of ' +
      `every answer still applies. The hold records who rejected it. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    response: { 200: DECISION_ANSWER, ...NOT_FOUND, ...DECIDED, ...ADMIN_ERRORS },
  },
} as const;

type IdParams = FromSchema<typeof ID_PARAMS>;

/** A hold as the review answers it: the decision's who and when, and how many machines it names. */
const holdAnswer = (hold: FeedHold): FeedHoldAnswer => ({
  id: hold.id,
  heldAt: hold.heldAt,
  state: hold.state,
  machines: hold.machineIds.length,
  active: hold.active,
  remaining: hold.remaining,
  baseline: hold.baseline.active,
  baselineSince: hold.baseline.since,
  decidedAt: hold.decidedAt,
  decidedBy: hold.decidedBy,
  rejectedAt: hold.rejectedAt,
  rejectedBy: hold.rejectedBy,
  kept: hold.keptIds.length,
});

/**
 * The console's feed review (issue 52 point 2): what the follower is doing, and an admin's decision on a sync held
 * back as a mass deactivation. The decision is the database's (one transaction, under the write lock on
 * PostgreSQL), so it is safe from any instance; the poller reads it at its next answer (decision 0054).
 */
export function feedReviewRoutes({ engine, follower }: { engine: Engine; follower: FeedFollower | null }) {
  const review = route({
    schema: FEED_REVIEW_SCHEMAS.review,
    handler: async (request) => {
      const [{ held, kept }, recent] = await Promise.all([engine.feed.holdStatus(), engine.feed.holds(RECENT_HOLDS)]);
      let hold = null;
      if (held) {
        const heldIds = new Set(held.machineIds);
        const machines = (await engine.listMachines())
          .filter((machine) => heldIds.has(machine.id) && reachesDistrict(request.caller!, machine.district))
          .map(({ id, name_en, name_zht, name_zhs, district, deactivated }) => ({
            id,
            name_en,
            name_zht,
            name_zhs,
            district,
            deactivated,
          }));
        hold = { ...holdAnswer(held), machineList: machines };
      }
      const status = follower?.status() ?? null;
      return {
        success: true,
        following: follower !== null,
        feed: status && {
          ...follower!.feed,
          syncedAt: status.syncedAt,
          ageMs: status.ageMs,
          stale: status.stale,
          failures: status.failures,
          lastError: status.lastError,
          nextPollAt: status.nextPollAt,
          poller: status.poller,
          role: status.role,
        },
        keptMachines: kept,
        hold,
        recent: recent.map(holdAnswer),
      };
    },
  });

  const decide = (schema: (typeof FEED_REVIEW_SCHEMAS)['confirm' | 'reject'], how: 'confirm' | 'reject') =>
    route<{ Params: IdParams }>({
      schema,
      handler: async (request) => {
        const id = Number(request.params.id);
        const actor = actorOf(request);
        let decision: HoldDecision;
        if (how === 'confirm') {
          decision = follower ? await follower.confirmHold(id, actor) : await engine.feed.confirmHold(id, actor);
        } else {
          decision = follower ? await follower.rejectHold(id, actor) : await engine.feed.rejectHold(id, actor);
        }
        if (!decision.hold) throw new ApiError(404, 'notFound');
        if (!decision.done) throw new ApiError(409, 'holdDecided', { hold: holdAnswer(decision.hold) });
        request.log.warn(
          { hold: id, by: actor.name, deactivated: decision.machines.length },
          `feed: hold ${id} ${how}ed by ${actor.name}`,
        );
        return { success: true, hold: holdAnswer(decision.hold) };
      },
    });
  return {
    review,
    confirm: decide(FEED_REVIEW_SCHEMAS.confirm, 'confirm'),
    reject: decide(FEED_REVIEW_SCHEMAS.reject, 'reject'),
  };
}
