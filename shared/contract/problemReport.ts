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
