import type { FromSchema } from 'json-schema-to-ts';
import { EMBED_ORIGIN_MAX_LENGTH } from '../embedOrigin';
import { listOf, SUCCESS, TIME } from './wireParts';

/** The most origins an admin may add in the console: each is a word of every page's CSP header. */
export const EMBED_ORIGINS_MAX = 50;

const ORIGIN = {
  type: 'string',
  maxLength: EMBED_ORIGIN_MAX_LENGTH,
  description: 'scheme://host[:port], or scheme://*.host[:port] for every subdomain of host',
} as const;

/** A host origin an admin added in the console (decision 0073). */
export const EMBED_ORIGIN_SCHEMA = {
  type: 'object',
  required: ['origin', 'addedAt', 'addedBy'],
  properties: {
    origin: ORIGIN,
    addedAt: TIME,
    addedBy: { type: 'string', description: 'The admin who added it' },
  },
} as const;
export type EmbedOrigin = FromSchema<typeof EMBED_ORIGIN_SCHEMA>;

/** The origins that may frame the map: the deployment's floor (RVM_EMBED_ORIGINS) and those added in the console. */
export const EMBED_ORIGINS_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'floor', 'origins'],
  properties: {
    success: SUCCESS,
    floor: {
      ...listOf(ORIGIN),
      description: 'RVM_EMBED_ORIGINS, set at deploy time: read-only here',
    },
    origins: { ...listOf(EMBED_ORIGIN_SCHEMA), description: 'Added in the console, oldest first' },
  },
} as const;
export type EmbedOriginsAnswer = FromSchema<typeof EMBED_ORIGINS_ANSWER_SCHEMA>;

/** Adds an origin; written as typed (spaces, a trailing slash and capitals are dropped). */
export const EMBED_ORIGIN_BODY_SCHEMA = {
  type: 'object',
  required: ['origin'],
  additionalProperties: false,
  properties: { origin: { type: 'string', maxLength: 1000 } },
} as const;
export type EmbedOriginBody = FromSchema<typeof EMBED_ORIGIN_BODY_SCHEMA>;

/** Removes an origin added in the console. */
export const EMBED_ORIGIN_QUERY_SCHEMA = {
  type: 'object',
  required: ['origin'],
  additionalProperties: false,
  properties: { origin: { type: 'string', maxLength: 1000 } },
} as const;
