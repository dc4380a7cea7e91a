import type { FromSchema } from 'json-schema-to-ts';
import { DISTRICTS, type District } from './machine';
import { answerOf, listOf, TIME } from './wireParts';

/**
 * What an alert rule watches: a machine full, or not reporting, or under maintenance, for longer than its minutes;
 * or the feed failing or stale for longer than them; or visitors' reports of a machine full that is shown with room,
 * so many (RVM_REPORT_ALERT_COUNT) within its minutes (decision 0072).
 */
export const ALERT_KINDS = ['machineFull', 'notReporting', 'maintenance', 'feedFailing', 'reportedFull'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The longest a rule may wait: 30 days, in minutes. */
export const ALERT_MAX_MINUTES = 30 * 24 * 60;

export const ALERT_KIND_SCHEMA = {
  type: 'string',
  enum: ALERT_KINDS,
  description:
    'machineFull: a machine full; notReporting: no report from a machine (its last_online); maintenance: a machine ' +
    'under maintenance or out of service; feedFailing: the feed failing or stale; reportedFull: visitors reported ' +
    'the machine full (RVM_REPORT_ALERT_COUNT open reports, 3 by default, within the minutes) while it is shown ' +
    'with room; it closes when its status changes or the reports are closed',
} as const;

const DISTRICT = {
  type: ['string', 'null'],
  enum: [...(DISTRICTS as readonly District[]), null],
  description: 'The machines of one district, or every machine (null); null for feedFailing',
} as const;

/** A rule as an admin sets it (`POST /api/operator/alert-rules`); the server fills in what is left out. */
export const ALERT_RULE_INPUT_SCHEMA = {
  type: 'object',
  required: ['kind', 'minutes'],
  additionalProperties: false,
  properties: {
    kind: ALERT_KIND_SCHEMA,
    minutes: {
      type: 'integer',
      minimum: 1,
      maximum: ALERT_MAX_MINUTES,
      description: 'How long the condition must last before the alert opens (maintenance: hours × 60)',
    },
    district: { ...DISTRICT, default: null },
    enabled: { type: 'boolean', default: true },
  },
} as const;

/** A rule as the console sends it and the server keeps it: every field given. */
export type AlertRuleInput = FromSchema<typeof ALERT_RULE_INPUT_SCHEMA>;

/** A rule as `GET /api/operator/alert-rules` and each change answer it. */
export const ALERT_RULE_SCHEMA = {
  type: 'object',
  required: ['id', 'kind', 'minutes', 'district', 'enabled', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    kind: ALERT_KIND_SCHEMA,
    minutes: { type: 'integer' },
    district: DISTRICT,
    enabled: { type: 'boolean' },
    createdAt: TIME,
    updatedAt: TIME,
  },
} as const;

export type AlertRule = FromSchema<typeof ALERT_RULE_SCHEMA>;

/** `{ success: true, rules }`. */
export const ALERT_RULES_ANSWER_SCHEMA = answerOf('rules', listOf(ALERT_RULE_SCHEMA));
/** `{ success: true, rule }`: the rule added or changed. */
export const ALERT_RULE_ANSWER_SCHEMA = answerOf('rule', ALERT_RULE_SCHEMA);
