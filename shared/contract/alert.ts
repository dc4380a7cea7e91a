import type { FromSchema } from 'json-schema-to-ts';
import { ALERT_KIND_SCHEMA, ALERT_KINDS, type AlertKind } from './alertRule';
import { listOf, MAYBE_TIME, SUCCESS, TIME } from './wireParts';

/** An alert as the console's alert routes answer it (`GET /api/operator/alerts`, `.../alerts/history`). */
export const ALERT_SCHEMA = {
  type: 'object',
  required: ['id', 'ruleId', 'kind', 'machineId', 'district', 'minutes', 'since', 'openedAt', 'closedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    ruleId: { type: ['integer', 'null'], description: 'null once the rule was deleted' },
    kind: ALERT_KIND_SCHEMA,
    machineId: { type: ['string', 'null'], description: 'null for feedFailing' },
    district: { type: ['string', 'null'] },
    minutes: { type: 'integer', description: "The rule's minutes when the condition was first seen" },
    since: { ...TIME, description: 'When the condition began, as far as the server knows (ISO 8601, UTC)' },
    openedAt: TIME,
    closedAt: MAYBE_TIME,
  },
} as const;

export type Alert = FromSchema<typeof ALERT_SCHEMA>;

const COUNT = { type: 'integer' } as const;

/** The open alerts, and their count by kind. */
export const OPEN_ALERTS_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'alerts', 'counts'],
  properties: {
    success: SUCCESS,
    alerts: listOf(ALERT_SCHEMA),
    counts: {
      type: 'object',
      description: 'Open alerts by kind (of those the caller sees)',
      required: ALERT_KINDS,
      properties: Object.fromEntries(ALERT_KINDS.map((kind) => [kind, COUNT])) as {
        readonly [K in AlertKind]: typeof COUNT;
      },
    },
  },
} as const;

/** A page of closed alerts, newest first, and where the next begins. */
export const ALERT_HISTORY_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'alerts', 'next'],
  properties: {
    success: SUCCESS,
    alerts: listOf(ALERT_SCHEMA),
    next: { type: ['string', 'null'], description: 'The `before` of the next page; null at the end' },
  },
} as const;

/** What a webhook is sent of an alert: it opened, or it closed. */
export const ALERT_EVENTS = ['alert.opened', 'alert.closed'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
