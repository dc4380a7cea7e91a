import type { FromSchema } from 'json-schema-to-ts';
import { MACHINE_ID_MAX_CHARS } from './machine';
import { REPORT_KINDS, REPORT_TEXT_MAX_LENGTH } from './reportKinds';

export { REPORT_KINDS, REPORT_TEXT_MAX_LENGTH, type ReportKind } from './reportKinds';

/**
 * A visitor's report of a problem at a machine (issue 68): what kind, an optional short text, and the proof of work
 * that paid for it. No account; the text is stored as text and never shown as HTML.
 */
/** The challenge the server hands out (ALTCHA's shape): find `number` ≤ `maxNumber` with SHA-256(salt + number) = challenge. */
export const REPORT_CHALLENGE = {
  type: 'object',
  required: ['algorithm', 'salt', 'challenge', 'maxNumber', 'signature'],
  additionalProperties: false,
  properties: {
    algorithm: { type: 'string', const: 'SHA-256' },
    salt: { type: 'string', maxLength: 100, description: 'Random hex, then `?expires=` and the Unix time it ends' },
    challenge: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of salt + number, hex' },
    maxNumber: { type: 'integer', minimum: 1 },
    signature: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description: "HMAC-SHA-256 of challenge, the server's key",
    },
  },
} as const;
export type ReportChallenge = FromSchema<typeof REPORT_CHALLENGE>;

export const NEW_REPORT = {
  type: 'object',
  required: ['machineId', 'kind', 'challenge', 'number'],
  additionalProperties: false,
  properties: {
    machineId: { type: 'string', pattern: `^[A-Za-z0-9_-]{1,${MACHINE_ID_MAX_CHARS}}$` },
    kind: { type: 'string', enum: REPORT_KINDS },
    text: { type: 'string', maxLength: REPORT_TEXT_MAX_LENGTH, description: 'Optional; stored as text only' },
    website: { type: 'string', maxLength: 200, description: 'Must be empty: a field people do not see (a honeypot)' },
    challenge: REPORT_CHALLENGE,
    number: { type: 'integer', minimum: 0, description: "The challenge's solution" },
  },
} as const;
export type NewReport = FromSchema<typeof NEW_REPORT>;

/** A report as the console lists it: the text is text, shown as text. */
export const OPEN_REPORT = {
  type: 'object',
  required: ['id', 'machineId', 'district', 'kind', 'text', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    machineId: { type: 'string' },
    district: { type: 'string' },
    kind: { type: 'string', enum: REPORT_KINDS },
    text: { type: 'string' },
    createdAt: { type: 'string', description: 'ISO 8601, UTC' },
  },
} as const;
export type OpenReport = FromSchema<typeof OPEN_REPORT>;

export const OPEN_REPORTS_ANSWER = {
  type: 'object',
  required: ['success', 'reports'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: true },
    reports: { type: 'array', items: OPEN_REPORT },
  },
} as const;

/** What an operator made of a report: open until resolved (the problem is fixed) or dismissed (nothing to fix). */
export const REPORT_OUTCOMES = ['resolved', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_STATES = ['open', ...REPORT_OUTCOMES] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** The longest note an operator leaves when closing reports. */
export const REPORT_NOTE_MAX_LENGTH = 300;

/** An operator closes one report, or every open report of one machine: how, and a short note (decision 0072). */
export const CLOSE_REPORTS = {
  type: 'object',
  required: ['outcome', 'note'],
  additionalProperties: false,
  properties: {
    outcome: { type: 'string', enum: REPORT_OUTCOMES },
    note: {
      type: 'string',
      minLength: 1,
      maxLength: REPORT_NOTE_MAX_LENGTH,
      description: 'What was done or why nothing was: kept with the reports and in the audit, as text',
    },
  },
} as const;
export type CloseReports = FromSchema<typeof CLOSE_REPORTS>;

/** A report an operator closed: the report, how, when, by whom and their note. */
export const CLOSED_REPORT = {
  type: 'object',
  required: [...OPEN_REPORT.required, 'state', 'note', 'closedAt', 'closedBy'],
  additionalProperties: false,
  properties: {
    ...OPEN_REPORT.properties,
    state: { type: 'string', enum: REPORT_OUTCOMES },
    note: { type: 'string' },
    closedAt: { type: 'string', description: 'ISO 8601, UTC' },
    closedBy: { type: 'string', description: "The account's name, or the token's name or fingerprint" },
  },
} as const;
export type ClosedReport = FromSchema<typeof CLOSED_REPORT>;

export const CLOSED_REPORTS_ANSWER = {
  type: 'object',
  required: ['success', 'reports'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: true },
    reports: { type: 'array', items: CLOSED_REPORT },
  },
} as const;

/** What closing answers: the reports it closed (none when another operator was first). */
export const CLOSED_NOW_ANSWER = CLOSED_REPORTS_ANSWER;

/** Open reports per machine, of the caller's districts: the fleet table's and the machine page's count. */
export const REPORT_COUNTS_ANSWER = {
  type: 'object',
  required: ['success', 'counts'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: true },
    counts: {
      type: 'object',
      additionalProperties: { type: 'integer', minimum: 1 },
      description: 'Machine id → its open reports; a machine without any is left out',
    },
  },
} as const;
