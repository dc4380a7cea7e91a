import type { FromSchema } from 'json-schema-to-ts';
import { DISTRICTS, type District } from './machine';
import { EPISODE_ENDS, EPISODE_KINDS } from '../service/episodes';
import { MONTH_PATTERN } from '../service/hongKongTime';
import { answerOf, listOf, MAYBE_TIME, SUCCESS, TIME } from './wireParts';

/** The service levels' contract (docs/operators-service.md): episodes, a month's figures, the promise. */

/** The promise's bounds, in minutes: from a quarter of an hour to a week. */
export const PROMISE_MINUTES_MIN = 15;
export const PROMISE_MINUTES_MAX = 7 * 24 * 60;

const MINUTES = { type: 'number', description: 'Minutes' } as const;
const MAYBE_MINUTES = { type: ['number', 'null'], description: 'Minutes; null when there is none' } as const;
const DISTRICT = { type: 'string', enum: DISTRICTS as readonly District[] } as const;

/** `?month=YYYY-MM&district=`: a Hong Kong month, and one district or every district the caller reaches. */
export const SERVICE_MONTH_QUERY_SCHEMA = {
  type: 'object',
  required: ['month'],
  additionalProperties: false,
  properties: {
    month: { type: 'string', pattern: MONTH_PATTERN, description: 'A month in Hong Kong time: YYYY-MM' },
    district: { ...DISTRICT, description: 'One district; every district of the caller when absent' },
  },
} as const;
export type ServiceMonthQuery = FromSchema<typeof SERVICE_MONTH_QUERY_SCHEMA>;

export const SERVICE_DISTRICT_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: { district: SERVICE_MONTH_QUERY_SCHEMA.properties.district },
} as const;
export type ServiceDistrictQuery = FromSchema<typeof SERVICE_DISTRICT_QUERY_SCHEMA>;

/** One episode, with its length and its verdict against the promise. */
export const EPISODE_SCHEMA = {
  type: 'object',
  required: ['machineId', 'district', 'kind', 'from', 'to', 'end', 'minutes', 'minutesLeft', 'verdict'],
  additionalProperties: false,
  properties: {
    machineId: { type: 'string' },
    district: DISTRICT,
    kind: { type: 'string', enum: EPISODE_KINDS },
    from: TIME,
    to: MAYBE_TIME,
    end: { type: 'string', enum: EPISODE_ENDS },
    minutes: { ...MINUTES, description: 'How long it lasted, or has lasted so far' },
    minutesLeft: {
      ...MAYBE_MINUTES,
      description: 'Of an open full or nearly full episode: the promise minus its minutes (negative: late by)',
    },
    verdict: {
      type: 'string',
      enum: ['kept', 'broken', 'unjudged'],
      description: 'Of a full or nearly full episode against the promise; unjudged for the other kinds',
    },
  },
} as const;
export type ServiceEpisode = FromSchema<typeof EPISODE_SCHEMA>;

/** The open episodes, nearest the promise's limit first. */
export const OPEN_EPISODES_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'promiseMinutes', 'at', 'episodes'],
  properties: {
    success: SUCCESS,
    promiseMinutes: MINUTES,
    at: { ...TIME, description: 'When the clocks were read' },
    episodes: listOf(EPISODE_SCHEMA),
  },
} as const;
export type OpenEpisodesAnswer = FromSchema<typeof OPEN_EPISODES_ANSWER_SCHEMA>;

export const MONTH_EPISODES_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'month', 'promiseMinutes', 'episodes'],
  properties: {
    success: SUCCESS,
    month: { type: 'string' },
    promiseMinutes: MINUTES,
    episodes: listOf(EPISODE_SCHEMA),
  },
} as const;
export type MonthEpisodesAnswer = FromSchema<typeof MONTH_EPISODES_ANSWER_SCHEMA>;

const SHARE = {
  type: ['number', 'null'],
  description: 'Kept / (kept + broken), 0 to 1; null when none was judged',
} as const;
const COUNT = { type: 'integer' } as const;

export const MONTH_FIGURES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'month',
    'promiseMinutes',
    'episodes',
    'nearlyFullEpisodes',
    'kept',
    'broken',
    'keptShare',
    'medianMinutesToEmpty',
    'p95MinutesToEmpty',
    'hoursFull',
    'worstMachines',
    'days',
  ],
  properties: {
    month: { type: 'string' },
    promiseMinutes: MINUTES,
    episodes: { ...COUNT, description: 'Full episodes that started in the month' },
    nearlyFullEpisodes: COUNT,
    kept: COUNT,
    broken: COUNT,
    keptShare: SHARE,
    medianMinutesToEmpty: MAYBE_MINUTES,
    p95MinutesToEmpty: MAYBE_MINUTES,
    hoursFull: { type: 'number' },
    worstMachines: listOf({
      type: 'object',
      additionalProperties: false,
      required: ['machineId', 'broken', 'lateMinutes'],
      properties: { machineId: { type: 'string' }, broken: COUNT, lateMinutes: MINUTES },
    }),
    days: listOf({
      type: 'object',
      additionalProperties: false,
      required: ['day', 'episodes', 'kept', 'broken', 'keptShare'],
      properties: { day: { type: 'string' }, episodes: COUNT, kept: COUNT, broken: COUNT, keptShare: SHARE },
    }),
  },
} as const;
export type MonthFiguresWire = FromSchema<typeof MONTH_FIGURES_SCHEMA>;
export const MONTH_FIGURES_ANSWER_SCHEMA = answerOf('figures', MONTH_FIGURES_SCHEMA);

export const PROMISE_SCHEMA = {
  type: 'integer',
  minimum: PROMISE_MINUTES_MIN,
  maximum: PROMISE_MINUTES_MAX,
  description: 'The promise: a full machine is emptied within this many minutes (240 by default)',
} as const;
export const PROMISE_BODY_SCHEMA = {
  type: 'object',
  required: ['minutes'],
  additionalProperties: false,
  properties: { minutes: PROMISE_SCHEMA },
} as const;
export const PROMISE_ANSWER_SCHEMA = answerOf('minutes', PROMISE_SCHEMA);

/** The CSV's columns, one row per episode. */
export const EPISODE_CSV_COLUMNS = [
  'machineId',
  'district',
  'kind',
  'from',
  'to',
  'end',
  'minutes',
  'verdict',
] as const satisfies readonly (keyof ServiceEpisode)[];
