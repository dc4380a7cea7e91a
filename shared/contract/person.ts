import type { FromSchema } from 'json-schema-to-ts';
import { answerOf, listOf, MAYBE_TIME, SUCCESS, TIME } from './wireParts';
import { DISTRICT_LIST_SCHEMA, ROLE_SCHEMA } from './reach';

/** A person who signs in to the console, as `GET /api/operator/people` and each change answer them. */
export const PERSON_SCHEMA = {
  type: 'object',
  required: ['name', 'role', 'districts', 'disabled', 'mustChangePassword', 'createdAt', 'lastSignInAt', 'lockedUntil'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    role: ROLE_SCHEMA,
    districts: DISTRICT_LIST_SCHEMA,
    disabled: { type: 'boolean' },
    mustChangePassword: { type: 'boolean', description: 'The person must choose a new password at their next sign-in' },
    createdAt: TIME,
    lastSignInAt: MAYBE_TIME,
    passwordChangedAt: TIME,
    lockedUntil: {
      ...MAYBE_TIME,
      description:
        'Wrong passwords keep the name locked until then, from some address or browser or from every client it has ' +
        'not signed in from; null when nothing is locked. Unlock ends it',
    },
  },
} as const;

export type Person = FromSchema<typeof PERSON_SCHEMA>;

/** `{ success: true, people }`. */
export const PEOPLE_ANSWER_SCHEMA = answerOf('people', listOf(PERSON_SCHEMA));

/** A change's answer: the person as they are now, and a one-time password when the server made one. */
export const PERSON_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'person'],
  properties: {
    success: SUCCESS,
    person: PERSON_SCHEMA,
    password: {
      type: 'string',
      description: 'The one-time password the server made, answered this once: the person must replace it at sign-in',
    },
  },
} as const;

/** A person an admin adds (`POST /api/operator/people`): without `password`, the server makes a one-time password. */
export const NEW_PERSON_SCHEMA = {
  type: 'object',
  required: ['name', 'role'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    role: ROLE_SCHEMA,
    districts: { ...DISTRICT_LIST_SCHEMA, default: [] },
    password: {
      type: 'string',
      maxLength: 1024,
      description: 'A first password the admin chose; without it the server makes a one-time password',
    },
  },
} as const;

export type NewPerson = FromSchema<typeof NEW_PERSON_SCHEMA>;

/** A change to a person (`PATCH /api/operator/people/:name`): only the fields given change. */
export const PERSON_CHANGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { role: ROLE_SCHEMA, districts: DISTRICT_LIST_SCHEMA, disabled: { type: 'boolean' } },
} as const;

export type PersonChange = FromSchema<typeof PERSON_CHANGE_SCHEMA>;
