import type { FromSchema } from 'json-schema-to-ts';
import { DISTRICTS, type District } from './machine';
import { MAYBE_TIME, SUCCESS, TIME } from './wireParts';

/**
 * A sync held back (decision 0038, the console's feed review of decision 0054): a feed's answer that would
 * deactivate most machines, kept until the next answer or an admin decides.
 */

export const HOLD_STATES = ['held', 'confirmed', 'rejected', 'dropped', 'replaced'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

const MAYBE_TEXT = { type: ['string', 'null'] } as const;

/** A held sync as the review, and an admin's decision on it, answer it. */
export const FEED_HOLD_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'heldAt',
    'state',
    'machines',
    'active',
    'remaining',
    'baseline',
    'baselineSince',
    'decidedAt',
    'decidedBy',
    'rejectedAt',
    'rejectedBy',
    'kept',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    heldAt: TIME,
    state: {
      type: 'string',
      enum: HOLD_STATES,
      description:
        'held: waits for the next answer or an admin; confirmed, rejected (by an admin), dropped (the feed sent ' +
        'most machines again), replaced (the next answer would deactivate others)',
    },
    machines: { type: 'integer', description: 'How many machines the answer would deactivate' },
    active: { type: 'integer', description: 'Machines active when it came' },
    remaining: { type: 'integer', description: 'How many it would have left active' },
    baseline: { type: 'integer', description: 'The most machines active at once since `baselineSince`' },
    baselineSince: TIME,
    decidedAt: MAYBE_TIME,
    decidedBy: { ...MAYBE_TEXT, description: "The admin's name (the token's fingerprint); null for the feed" },
    rejectedAt: MAYBE_TIME,
    rejectedBy: MAYBE_TEXT,
    kept: { type: 'integer', description: 'Rejected: machines still kept active against the feed' },
  },
} as const;

/** A machine the held sync would deactivate. */
export const HELD_MACHINE_SCHEMA = {
  type: 'object',
  required: ['id', 'name_en', 'name_zht', 'name_zhs', 'district', 'deactivated'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name_en: MAYBE_TEXT,
    name_zht: MAYBE_TEXT,
    name_zhs: MAYBE_TEXT,
    district: { type: 'string', enum: DISTRICTS as readonly District[] },
    deactivated: { type: 'boolean' },
  },
} as const;

/** `GET /api/operator/feed`: the feed and its hold; without a feed, `following: false` and `feed: null`. */
export const FEED_REVIEW_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'following', 'feed', 'keptMachines', 'hold', 'recent'],
  properties: {
    success: SUCCESS,
    following: { type: 'boolean' },
    feed: {
      type: ['object', 'null'],
      required: [
        'url',
        'intervalMs',
        'syncedAt',
        'ageMs',
        'stale',
        'failures',
        'lastError',
        'nextPollAt',
        'poller',
        'role',
      ],
      additionalProperties: false,
      properties: {
        url: { type: 'string', description: 'Without a name, password or query values' },
        intervalMs: { type: 'integer' },
        syncedAt: { ...MAYBE_TIME, description: 'The last poll the feed answered well' },
        ageMs: { type: 'integer' },
        stale: { type: 'boolean' },
        failures: { type: 'integer', description: 'Polls failed in a row' },
        lastError: MAYBE_TEXT,
        nextPollAt: { ...MAYBE_TIME, description: "The poller's next poll" },
        poller: { ...MAYBE_TEXT, description: 'The instance holding the poller lease' },
        role: { type: 'string', enum: ['poller', 'standby'], description: 'This instance’s part' },
      },
    },
    keptMachines: { type: 'integer', description: 'Machines rejected holds keep active against the feed' },
    hold: {
      anyOf: [
        { type: 'null' },
        {
          ...FEED_HOLD_SCHEMA,
          required: [...FEED_HOLD_SCHEMA.required, 'machineList'],
          properties: {
            ...FEED_HOLD_SCHEMA.properties,
            machineList: {
              type: 'array',
              items: HELD_MACHINE_SCHEMA,
              description: 'The machines it would deactivate, of the districts the caller sees',
            },
          },
        },
      ],
    },
    recent: { type: 'array', items: FEED_HOLD_SCHEMA, description: 'The latest holds, newest first' },
  },
} as const;

export type FeedHold = FromSchema<typeof FEED_HOLD_SCHEMA>;
export type HeldMachine = FromSchema<typeof HELD_MACHINE_SCHEMA>;
export type FeedReview = FromSchema<typeof FEED_REVIEW_ANSWER_SCHEMA>;
/** The feed as the review shows it (the review's `feed`, null when the server follows none). */
export type FeedState = NonNullable<FeedReview['feed']>;

/** The hold as an admin's decision left it. */
export const HOLD_DECIDED_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'hold'],
  properties: { success: SUCCESS, hold: FEED_HOLD_SCHEMA },
} as const;
