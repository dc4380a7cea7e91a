import { DISTRICTS } from '../../shared/contract/machine';
import { ALERT_EVENTS } from '../alerts/alert';
import { ALERT_KINDS, ALERT_MAX_MINUTES } from '../alerts/alertRule';
import { DELIVERY_STATES } from '../db/alertStore';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer } from './authSchemas';

/** The parts of the alert routes' schemas they share. */

const TIME = { type: 'string', description: 'ISO 8601, UTC' } as const;
const MAYBE_TIME = { type: ['string', 'null'], description: 'ISO 8601, UTC' } as const;
const KIND = {
  type: 'string',
  enum: ALERT_KINDS,
  description:
    'machineFull: a machine full; notReporting: no report from a machine (its last_online); maintenance: a machine ' +
    'under maintenance or out of service; feedFailing: the feed failing or stale',
} as const;
const DISTRICT = {
  type: ['string', 'null'],
  enum: [...DISTRICTS, null],
  description: 'The machines of one district, or every machine (null); null for feedFailing',
} as const;

export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'The numeric id' } },
} as const;

export const RULE_BODY = {
  type: 'object',
  required: ['kind', 'minutes'],
  additionalProperties: false,
  properties: {
    kind: KIND,
    minutes: {
      type: 'integer',
      minimum: 1,
      maximum: ALERT_MAX_MINUTES,
      description: 'How long the condition must last before the alert opens (maintenance: hours × 60)',
    },
    district: { ...DISTRICT, default: null },
    enabled: { type: 'boolean', default: true },
  },
} as const;

export const RULE_SCHEMA = {
  type: 'object',
  required: ['id', 'kind', 'minutes', 'district', 'enabled', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    kind: KIND,
    minutes: { type: 'integer' },
    district: DISTRICT,
    enabled: { type: 'boolean' },
    createdAt: TIME,
    updatedAt: TIME,
  },
} as const;

export const ALERT_SCHEMA = {
  type: 'object',
  required: ['id', 'ruleId', 'kind', 'machineId', 'district', 'minutes', 'since', 'openedAt', 'closedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    ruleId: { type: ['integer', 'null'], description: 'null once the rule was deleted' },
    kind: KIND,
    machineId: { type: ['string', 'null'], description: 'null for feedFailing' },
    district: { type: ['string', 'null'] },
    minutes: { type: 'integer', description: "The rule's minutes when the condition was first seen" },
    since: { ...TIME, description: 'When the condition began, as far as the server knows (ISO 8601, UTC)' },
    openedAt: TIME,
    closedAt: MAYBE_TIME,
  },
} as const;

export const WEBHOOK_BODY = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: {
      type: 'string',
      minLength: 8,
      maxLength: 2000,
      description:
        'http:// or https://, receives JSON POSTs; its host must resolve to public addresses only, unless the ' +
        'deployment allows the network (RVM_WEBHOOK_ALLOW_NETWORKS)',
    },
    description: { type: 'string', maxLength: 200, default: '' },
    enabled: { type: 'boolean', default: true },
    secret: {
      type: 'string',
      minLength: 16,
      maxLength: 200,
      description: 'The HMAC key; when absent on creation the server makes one (answered this once)',
    },
  },
} as const;

export const WEBHOOK_SCHEMA = {
  type: 'object',
  required: ['id', 'url', 'description', 'enabled', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    description: { type: 'string' },
    enabled: { type: 'boolean' },
    createdAt: TIME,
  },
} as const;

export const DELIVERY_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'webhookId',
    'alertId',
    'event',
    'state',
    'attempts',
    'nextAttemptAt',
    'lastStatus',
    'lastError',
    'createdAt',
    'deliveredAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The delivery id, as the X-RVM-Delivery header sent it' },
    webhookId: { type: 'integer' },
    alertId: { type: 'integer' },
    event: { type: 'string', enum: ALERT_EVENTS },
    state: { type: 'string', enum: DELIVERY_STATES },
    attempts: { type: 'integer' },
    nextAttemptAt: MAYBE_TIME,
    lastStatus: { type: ['integer', 'null'], description: "The receiver's last HTTP status" },
    lastError: { type: ['string', 'null'] },
    createdAt: TIME,
    deliveredAt: MAYBE_TIME,
  },
} as const;

/** What an admin-only console route may refuse. */
export const ADMIN_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
  403: consoleErrorAnswer(
    'forbidden: not an admin; csrfRejected: a change with a session but without its x-csrf-token, or from another ' +
      'site; passwordChangeRequired',
  ),
  ...SERVER_ERRORS,
} as const;

/** What a console read for viewers and above may refuse. */
export const READER_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
  403: consoleErrorAnswer('passwordChangeRequired: the account must choose a new password first'),
  ...SERVER_ERRORS,
} as const;

export const NOT_FOUND = { 404: consoleErrorAnswer('notFound: no such rule or webhook') } as const;
export const BAD_BODY = {
  400: consoleErrorAnswer('badRequest: not JSON, an unknown field or a bad value (`problem` says which)', {
    problem: { type: 'string' },
  }),
} as const;
/** What saving a webhook may refuse besides a bad body: its receiver's address (decision 0060). */
export const BAD_WEBHOOK = {
  400: consoleErrorAnswer(
    'badRequest: not JSON, an unknown field or a bad value (`problem` says which); webhookAddressRefused: the ' +
      "URL's host is, or resolves to, an address that is not public (loopback, private, link-local, ...; `address` " +
      'and `kind` say which) and RVM_WEBHOOK_ALLOW_NETWORKS does not allow; webhookHostUnknown: its host name ' +
      'resolves to no address (`problem`)',
    {
      problem: { type: 'string' },
      address: { type: 'string', description: 'The address refused' },
      kind: { type: 'string', description: 'Its kind: loopback, private, link-local, unspecified, multicast, ...' },
    },
  ),
} as const;
