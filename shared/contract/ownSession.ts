import type { FromSchema } from 'json-schema-to-ts';
import { answerOf, listOf, SUCCESS } from './wireParts';

/** One of the signed-in person's sessions, as `GET /api/auth/sessions` lists it (ASVS 3.3.4). */
export const OWN_SESSION_SCHEMA = {
  type: 'object',
  required: ['handle', 'createdAt', 'lastSeenAt', 'address', 'agent', 'current'],
  additionalProperties: false,
  properties: {
    handle: { type: 'string', description: 'Names the session in this list (neither its id nor the key kept of it)' },
    createdAt: { type: 'string', format: 'date-time', description: 'Signed in at' },
    lastSeenAt: { type: 'string', format: 'date-time', description: 'Its last request, to within a minute' },
    address: { type: 'string', description: 'The client address it signed in from' },
    agent: { type: 'string', description: 'Browser and system at sign-in, e.g. "Firefox 133 · Windows"; "" unknown' },
    current: { type: 'boolean', description: 'The session this request came with' },
  },
} as const;

export type OwnSession = FromSchema<typeof OWN_SESSION_SCHEMA>;

/** `{ success: true, sessions }`. */
export const OWN_SESSIONS_ANSWER_SCHEMA = answerOf('sessions', listOf(OWN_SESSION_SCHEMA));

/** How many sessions ending others (or one) ended. */
export const SESSIONS_ENDED_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'ended'],
  properties: { success: SUCCESS, ended: { type: 'integer', minimum: 0 } },
} as const;
