import { SESSION_ANSWER_SCHEMA, type Session } from '../../shared/contract/session';
import type { Account } from '../accounts/account';
import type { SessionRecord } from '../db/accountStore';
import { API_ERROR_KEYS, CONSOLE_ERROR_KEYS } from '../errors';
import { OPERATOR_TOKEN } from './apiSchemas';

/** The parts of the console's route schemas they share: the session, its failures, the security schemes. */

/** A signed-in person's session cookie: the OpenAPI security scheme's name. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
/** A console call: a session (a person) or the operator token (a script), either. */
export const CONSOLE_SECURITY: { [scheme: string]: string[] }[] = [
  { [SESSION_COOKIE_SCHEME]: [] },
  { [OPERATOR_TOKEN]: [] },
];

/** `{ success: false, msg }` with the console's keys as well as the public ones, and what a key may add. */
export const consoleErrorAnswer = (description: string, details: Record<string, unknown> = {}) =>
  ({
    description,
    type: 'object',
    required: ['success', 'msg'],
    additionalProperties: false,
    properties: {
      success: { type: 'boolean', const: false },
      msg: { type: 'string', enum: [...API_ERROR_KEYS, ...CONSOLE_ERROR_KEYS] },
      ...details,
    },
  }) as const;

export const RETRY_AFTER_SECONDS = {
  retryAfterSeconds: {
    type: 'integer',
    minimum: 1,
    description: 'When the name or address opens again, in seconds (also in Retry-After)',
  },
} as const;

/** A field-level problem the console shows beside its field, in the visitor's language. */
export const PROBLEMS = {
  problems: {
    type: 'array',
    items: {
      type: 'object',
      required: ['field', 'code', 'params'],
      additionalProperties: false,
      properties: {
        field: { type: 'string', description: 'The field of the request the problem is about' },
        code: { type: 'string', description: 'What is wrong, a key the console translates' },
        params: { type: 'object', additionalProperties: true, description: 'Values the message names (a limit)' },
      },
    },
  },
} as const;

/** `{ success: true, session }`, the answer of a sign-in, a session check and a password change. */
export const SESSION_ANSWER = {
  description: 'The session, and its cookie (rvm_session; __Host-rvm_session over TLS) when it is new',
  ...SESSION_ANSWER_SCHEMA,
} as const;

export const sessionOf = (session: SessionRecord, account: Account): Session => ({
  name: account.name,
  role: account.role,
  districts: account.districts,
  mustChangePassword: account.mustChangePassword,
  secondFactor: session.secondFactor,
  csrfToken: session.csrfToken,
  idleExpiresAt: session.idleExpiresAt,
  absoluteExpiresAt: session.absoluteExpiresAt,
});
