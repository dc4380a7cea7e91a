import type { FromSchema } from 'json-schema-to-ts';
import { TOKEN_STATES } from '../access';
import { answerOf, listOf, MAYBE_TIME, SUCCESS, TIME } from './wireParts';
import { DISTRICT_LIST_SCHEMA, ROLE_SCHEMA } from './reach';

/** A token's life when none is asked for, and the longest it may be given (decision 0053). */
export const TOKEN_DEFAULT_DAYS = 90;
export const TOKEN_MAX_DAYS = 365;

/** A named API token as `GET /api/operator/tokens` answers it: never its secret. */
export const API_TOKEN_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'name',
    'hint',
    'role',
    'districts',
    'createdBy',
    'createdAt',
    'expiresAt',
    'lastUsedAt',
    'revokedAt',
    'revokedBy',
    'state',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    hint: { type: 'string', description: 'The secret’s first characters (rvm_ and 4 more), to recognise it' },
    role: ROLE_SCHEMA,
    districts: DISTRICT_LIST_SCHEMA,
    createdBy: { type: 'string' },
    createdAt: TIME,
    expiresAt: TIME,
    lastUsedAt: { ...MAYBE_TIME, description: 'To the minute: written at most once a minute' },
    revokedAt: MAYBE_TIME,
    revokedBy: { type: ['string', 'null'] },
    state: { type: 'string', enum: TOKEN_STATES },
  },
} as const;

export type ApiToken = FromSchema<typeof API_TOKEN_SCHEMA>;

/** `{ success: true, tokens }`. */
export const API_TOKENS_ANSWER_SCHEMA = answerOf('tokens', listOf(API_TOKEN_SCHEMA));

/** The token made or revoked, and its secret when it was just made. */
export const API_TOKEN_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'token'],
  properties: {
    success: SUCCESS,
    token: API_TOKEN_SCHEMA,
    secret: {
      type: 'string',
      description: 'The token itself (rvm_…), answered only when it is made: the server keeps only its SHA-256',
    },
  },
} as const;

/** A token an admin makes (`POST /api/operator/tokens`). */
export const NEW_API_TOKEN_SCHEMA = {
  type: 'object',
  required: ['name', 'role'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256, description: 'Unique among the tokens not revoked' },
    role: ROLE_SCHEMA,
    districts: { ...DISTRICT_LIST_SCHEMA, default: [] },
    expiresInDays: { type: 'integer', minimum: 1, maximum: TOKEN_MAX_DAYS, default: TOKEN_DEFAULT_DAYS },
  },
} as const;

export type NewToken = FromSchema<typeof NEW_API_TOKEN_SCHEMA>;
