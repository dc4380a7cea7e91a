import { TOKEN_STATES } from '../../shared/access';
import { DISTRICTS } from '../../shared/contract/machine';
import { ROLES } from '../accounts/account';
import { ACTOR_KINDS } from '../accounts/actor';
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS } from '../accounts/apiToken';
import { ACCESS_ACTIONS } from '../db/accessAudit';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, PROBLEMS, SESSION_COOKIE_SCHEME } from './authSchemas';

/** The parts of the people and token routes' schemas they share. */

const TIME = { type: 'string', description: 'ISO 8601, UTC' } as const;
const MAYBE_TIME = { type: ['string', 'null'], description: 'ISO 8601, UTC' } as const;
const ROLE = {
  type: 'string',
  enum: ROLES,
  description: 'admin: everything; operator: changes machines, stores photos; viewer: reads the console',
} as const;
const DISTRICT_LIST = {
  type: 'array',
  uniqueItems: true,
  maxItems: DISTRICTS.length,
  items: { type: 'string', enum: DISTRICTS },
  description: 'The districts reached; empty = every district (always empty for an admin)',
} as const;

/** Only an admin signed in: never a token, so that every change to who may sign in names a person. */
export const PEOPLE_SECURITY = [{ [SESSION_COOKIE_SCHEME]: [] }];
export const ADMINS_SIGNED_IN = 'An admin signed in only (no token, not even the operator token: decision 0053).';

export const PERSON_SCHEMA = {
  type: 'object',
  required: ['name', 'role', 'districts', 'disabled', 'mustChangePassword', 'createdAt', 'lastSignInAt', 'lockedUntil'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    role: ROLE,
    districts: DISTRICT_LIST,
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

export const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 256, description: "The person's name" } },
} as const;

export const NEW_PERSON_BODY = {
  type: 'object',
  required: ['name', 'role'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    role: ROLE,
    districts: { ...DISTRICT_LIST, default: [] },
    password: {
      type: 'string',
      maxLength: 1024,
      description: 'A first password the admin chose; without it the server makes a one-time password',
    },
  },
} as const;

export const PERSON_PATCH_BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { role: ROLE, districts: DISTRICT_LIST, disabled: { type: 'boolean' } },
} as const;

const ONE_TIME_PASSWORD = {
  type: 'string',
  description: 'The one-time password the server made, answered this once: the person must replace it at sign-in',
} as const;

export const PERSON_ANSWER = {
  description: 'The person as they are now',
  type: 'object',
  required: ['success', 'person'],
  properties: { success: { type: 'boolean', const: true }, person: PERSON_SCHEMA, password: ONE_TIME_PASSWORD },
} as const;

export const TOKEN_SCHEMA = {
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
    role: ROLE,
    districts: DISTRICT_LIST,
    createdBy: { type: 'string' },
    createdAt: TIME,
    expiresAt: TIME,
    lastUsedAt: { ...MAYBE_TIME, description: 'To the minute: written at most once a minute' },
    revokedAt: MAYBE_TIME,
    revokedBy: { type: ['string', 'null'] },
    state: { type: 'string', enum: TOKEN_STATES },
  },
} as const;

export const NEW_TOKEN_BODY = {
  type: 'object',
  required: ['name', 'role'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256, description: 'Unique among the tokens not revoked' },
    role: ROLE,
    districts: { ...DISTRICT_LIST, default: [] },
    expiresInDays: { type: 'integer', minimum: 1, maximum: TOKEN_MAX_DAYS, default: TOKEN_DEFAULT_DAYS },
  },
} as const;

export const TOKEN_ANSWER = {
  description: 'The token',
  type: 'object',
  required: ['success', 'token'],
  properties: {
    success: { type: 'boolean', const: true },
    token: TOKEN_SCHEMA,
    secret: {
      type: 'string',
      description: 'The token itself (rvm_…), answered only when it is made: the server keeps only its SHA-256',
    },
  },
} as const;

export const ACCESS_CHANGE_SCHEMA = {
  type: 'object',
  required: ['at', 'actor', 'actorKind', 'address', 'action', 'subject', 'detail'],
  additionalProperties: false,
  properties: {
    at: TIME,
    actor: { type: 'string' },
    actorKind: { type: 'string', enum: ACTOR_KINDS },
    address: { type: ['string', 'null'] },
    action: { type: 'string', enum: ACCESS_ACTIONS },
    subject: {
      type: 'string',
      description: "The person's or the token's name; the alert rule's, webhook's or photo's id",
    },
    detail: { type: 'object', additionalProperties: true, description: 'What changed (never a password or secret)' },
  },
} as const;

export const PEOPLE_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended'),
  403: consoleErrorAnswer(
    'forbidden: not an admin, or a token; csrfRejected: a change without the session’s x-csrf-token, or from ' +
      'another site; passwordChangeRequired',
  ),
  ...SERVER_ERRORS,
} as const;

export const PERSON_REFUSALS = {
  400: consoleErrorAnswer(
    'badRequest: a bad name or value (`problem` says which); passwordRejected: the first password is refused ' +
      '(`problems`, field password)',
    { problem: { type: 'string' }, ...PROBLEMS },
  ),
  404: consoleErrorAnswer('notFound: no such person'),
  409: consoleErrorAnswer(
    'nameTaken: there is already a person of that name; nameConfusable: the name looks like that of the person ' +
      'named in `like` (Unicode TR39 confusables); lastAdmin: the change would leave no active admin; ownAccount: an admin cannot ' +
      'disable, demote or reset themselves (another admin can)',
    { like: { type: 'string', description: 'The name the new one looks like' } },
  ),
} as const;

export const TOKEN_REFUSALS = {
  400: consoleErrorAnswer('badRequest: a bad name or value (`problem` says which)', { problem: { type: 'string' } }),
  404: consoleErrorAnswer('notFound: no such token, or it is revoked already'),
  409: consoleErrorAnswer(
    'nameTaken: a token not revoked has that name; nameConfusable: the name looks like that of a token not revoked, ' +
      'named in `like`',
    { like: { type: 'string', description: 'The name the new one looks like' } },
  ),
} as const;
