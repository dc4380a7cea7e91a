import type { FromSchema } from 'json-schema-to-ts';
import { ROLES } from '../access';
import { answerOf } from './wireParts';
import { DISTRICTS, type District } from './machine';

/**
 * A signed-in person's session as the sign-in, the session check and a password change answer it
 * (docs/operators.md#signing-in-and-sessions).
 */

const time = { type: 'string', format: 'date-time' } as const;

export const SESSION_SCHEMA = {
  type: 'object',
  required: [
    'name',
    'role',
    'districts',
    'mustChangePassword',
    'secondFactor',
    'csrfToken',
    'idleExpiresAt',
    'absoluteExpiresAt',
  ],
  additionalProperties: false,
  properties: {
    name: { type: 'string', description: "The account's name" },
    role: { type: 'string', enum: ROLES },
    districts: {
      type: 'array',
      items: { type: 'string', enum: DISTRICTS as readonly District[] },
      description: 'The districts whose machines the account sees and changes; empty = every district',
    },
    mustChangePassword: { type: 'boolean', description: 'The console asks for a new password before anything else' },
    secondFactor: {
      type: 'string',
      enum: ['done', 'pending', 'enrol'],
      description:
        'done: signed in; pending: the password was right, a code comes next (giveSecondFactor); enrol: the policy ' +
        'asks this person to set up a second factor before anything else',
    },
    csrfToken: { type: 'string', description: 'Sent back in x-csrf-token with every request that changes something' },
    idleExpiresAt: { ...time, description: 'The session ends then unless a request comes first (ISO 8601, UTC)' },
    absoluteExpiresAt: { ...time, description: 'The session ends then whatever happens (ISO 8601, UTC)' },
  },
} as const;

export type Session = FromSchema<typeof SESSION_SCHEMA>;

/** `{ success: true, session }`. */
export const SESSION_ANSWER_SCHEMA = answerOf('session', SESSION_SCHEMA);
