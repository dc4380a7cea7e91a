import { DISTRICTS } from '../../shared/contract/machine';
import { HOLD_STATES } from '../db/feedStore';

/** The answers of the console's feed review (routes/feedReview.ts). */

const TIME = { type: 'string', description: 'ISO 8601, UTC' } as const;
const MAYBE_TIME = { type: ['string', 'null'], description: 'ISO 8601, UTC' } as const;
const MAYBE_TEXT = { type: ['string', 'null'] } as const;

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

const HELD_MACHINE = {
  type: 'object',
  required: ['id', 'name_en', 'name_zht', 'name_zhs', 'district', 'deactivated'],
  properties: {
    id: { type: 'string' },
    name_en: MAYBE_TEXT,
    name_zht: MAYBE_TEXT,
    name_zhs: MAYBE_TEXT,
    district: { type: 'string', enum: DISTRICTS },
    deactivated: { type: 'boolean' },
  },
} as const;

export const FEED_REVIEW_SCHEMA = {
  description: 'The feed and its hold; without a feed, `following: false` and `feed: null`',
  type: 'object',
  required: ['success', 'following', 'feed', 'keptMachines', 'hold', 'recent'],
  properties: {
    success: { type: 'boolean', const: true },
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
              items: HELD_MACHINE,
              description: 'The machines it would deactivate, of the districts the caller sees',
            },
          },
        },
      ],
    },
    recent: { type: 'array', items: FEED_HOLD_SCHEMA, description: 'The latest holds, newest first' },
  },
} as const;
