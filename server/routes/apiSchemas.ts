import { AREAS, DISTRICTS, STATUSES } from '../../shared/machine';
import { API_ERROR_KEYS } from '../errors';
import { MACHINE_ID_PATTERN } from '../machines/validate';

/** The parts of the route schemas that several routes share; each route's own schema sits in its file. */

/** `{ success: false, msg }`, the answer to every failure (http/errorHandler.ts); `msg` is a key the page translates. */
export const API_ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'msg'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: false },
    msg: { type: 'string', enum: API_ERROR_KEYS },
  },
} as const;

/** One failure answer for an OpenAPI response: `description` says which keys it carries and when. */
export const errorAnswer = (description: string) => ({ ...API_ERROR_SCHEMA, description }) as const;

/** What every route may answer when the server fails or the database is busy (503 with Retry-After). */
export const SERVER_ERRORS = {
  '5xx': errorAnswer('systemError: the server failed (500), or the database is busy or away (503, with Retry-After)'),
} as const;

/** What a POST route with a JSON body may answer before its handler runs. */
export const BODY_ERRORS = {
  400: errorAnswer('badRequest: the body is not valid JSON'),
  413: errorAnswer('payloadTooLarge: the body is over the limit'),
  415: errorAnswer('unsupportedMediaType: a content type the server does not read'),
} as const;

/** The operator token (RVM_ADMIN_TOKEN) as an Authorization header: the OpenAPI security scheme's name. */
export const OPERATOR_TOKEN = 'operatorToken';

/** A machine's id, in a path or a body. */
export const MACHINE_ID_SCHEMA = {
  type: 'string',
  pattern: MACHINE_ID_PATTERN.source,
  description: 'A machine id: 1 to 64 letters, digits, "_" or "-"',
} as const;

const text = { type: 'string' } as const;
const time = {
  type: ['string', 'null'],
  format: 'date-time',
  description: 'ISO 8601 in UTC; null when unknown',
} as const;
const count = { type: ['integer', 'null'], minimum: 0 } as const;

/**
 * A machine as the list call, the operator's update and the event stream send it (machines/apiMachine.ts). Open to
 * further properties: the fields an import or the feed kept beyond these (machines/extraFields.ts) follow as given,
 * and a response schema that closed them would make Fastify's serializer drop them.
 */
export const MACHINE_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  required: [
    'id',
    'coordinates',
    'area',
    'district',
    'status',
    'under_maintenance',
    'service_status',
    'name_en',
    'name_zht',
    'name_zhs',
    'address_en',
    'address_zht',
    'address_zhs',
    'service_hour_en',
    'service_hour_zht',
    'service_hour_zhs',
    'thumbnail',
    'opening_hours',
    'bin_count',
    'bin_count_full_threshold',
    'deactivated',
    'last_emptied_at',
    'last_online',
    'last_full',
  ],
  properties: {
    id: MACHINE_ID_SCHEMA,
    coordinates: {
      type: 'array',
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
      description: '[latitude, longitude]',
    },
    area: { type: 'string', enum: AREAS },
    district: { type: 'string', enum: DISTRICTS },
    status: { type: 'string', enum: STATUSES, description: 'Remaining capacity' },
    under_maintenance: { type: 'boolean' },
    service_status: { type: 'integer', description: '1 means out of service' },
    name_en: text,
    name_zht: text,
    name_zhs: text,
    address_en: text,
    address_zht: text,
    address_zhs: text,
    service_hour_en: text,
    service_hour_zht: text,
    service_hour_zhs: text,
    picture: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', description: 'The photo, at GET /api/file/{id}' } },
      description: 'Absent when the machine has no photo',
    },
    thumbnail: { type: ['string', 'null'], description: "The photo's URL; null without one" },
    opening_hours: { type: ['string', 'null'], description: 'OpenStreetMap opening_hours syntax' },
    bin_count: count,
    bin_count_full_threshold: { ...count, description: 'How many bins must be full for the machine to report Full' },
    deactivated: { type: 'boolean', description: 'A deactivated machine is not shown' },
    last_emptied_at: time,
    last_online: { ...time, description: "The machine's last report (ISO 8601 in UTC); null when unknown" },
    last_full: { ...time, description: 'When the machine became Full (ISO 8601 in UTC); null when unknown' },
  },
} as const;
