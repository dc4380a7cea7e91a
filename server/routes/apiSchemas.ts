import type { FastifyInstance } from 'fastify';
import { MACHINE_ID_PATTERN } from '../../shared/contract/checkMachine';
import { EDITABLE_FIELDS, machineEditSchema, STATE_EDIT_FIELDS } from '../../shared/contract/machineEdit';
import { HISTORY_ENTRY_COMPONENT, MACHINE_COMPONENT } from '../../shared/contract/machineDocs';
import { MACHINE_PROBLEM_SCHEMA } from '../../shared/contract/problems';
import { RUNTIME_CONFIG_SCHEMA } from '../../shared/contract/runtimeConfig';
import { API_ERROR_KEYS } from '../errors';

/**
 * The parts of the route schemas that several routes share, and the named schemas (`components.schemas` in the
 * OpenAPI document) a route refers to with `ref('Machine')`. Each route's own schema sits in its file.
 */

/** A reference to a named schema: Fastify resolves it, the OpenAPI document shows `#/components/schemas/<id>`. */
export const ref = <const Id extends string>(id: Id) => ({ $ref: `${id}#` }) as const;

/** `{ success: false, msg }`, the answer to every failure (http/errorHandler.ts); `msg` is a key the page translates. */
const API_ERROR_COMPONENT = {
  $id: 'ApiError',
  description: 'Every failure: `msg` is a key the page translates',
  type: 'object',
  required: ['success', 'msg'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', const: false },
    msg: { type: 'string', enum: API_ERROR_KEYS },
  },
} as const;

const MACHINE_LIST_COMPONENT = {
  $id: 'MachineList',
  description: "The list call's answer: every machine, sorted by id",
  type: 'object',
  required: ['success', 'rvms'],
  properties: { success: { type: 'boolean', const: true }, rvms: { type: 'array', items: ref('Machine') } },
} as const;

const IMPORT_NOTICE_COMPONENT = {
  $id: 'ImportNotice',
  description: 'An import (or a large feed sync) changed many machines: load the list again',
  type: 'object',
  required: ['at', 'inserted', 'updated'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    inserted: { type: 'integer', minimum: 0, description: 'Machines added' },
    updated: { type: 'integer', minimum: 0, description: 'Machines changed' },
  },
} as const;

/** One Server-Sent Event of `GET /api/events`: its `event` name, its `id`, and its `data` (JSON text, or an id). */
const streamEvent = (id: string, event: string, data: object, description: string) =>
  ({
    $id: id,
    description,
    type: 'object',
    required: ['event', 'id', 'data'],
    properties: {
      event: { type: 'string', const: event },
      id: { type: 'string', description: 'What a reconnecting client hands back (Last-Event-ID)' },
      data,
    },
  }) as const;

const EVENT_ID = { type: 'string', description: "The stream's newest event id" } as const;

/** Each event `GET /api/events` sends, as the fields of a Server-Sent Event (as OpenAPI 3.2's `itemSchema` has it). */
export const STREAM_EVENTS = [
  streamEvent('MachineEvent', 'machine', ref('Machine'), 'A machine changed: `data` is the machine as JSON'),
  streamEvent('ImportEvent', 'import', ref('ImportNotice'), 'An import changed many machines: reload the list'),
  streamEvent('ResyncEvent', 'resync', EVENT_ID, 'The events missed are gone: reload the list'),
  streamEvent('ReadyEvent', 'ready', EVENT_ID, 'The stream is open and caught up: `data` is the newest id'),
] as const;

/** Every named schema: registered with Fastify before the routes (`registerApiSchemas`). */
export const API_COMPONENTS: readonly ({ $id: string } & Record<string, unknown>)[] = [
  MACHINE_COMPONENT,
  MACHINE_LIST_COMPONENT,
  API_ERROR_COMPONENT,
  HISTORY_ENTRY_COMPONENT,
  {
    $id: 'MachineStateEdit',
    description: "An operator's report of a machine's state",
    ...machineEditSchema(STATE_EDIT_FIELDS),
  },
  {
    $id: 'MachineEdit',
    description: 'What an operator may change about a machine',
    ...machineEditSchema(EDITABLE_FIELDS),
  },
  MACHINE_PROBLEM_SCHEMA,
  IMPORT_NOTICE_COMPONENT,
  ...STREAM_EVENTS,
  RUNTIME_CONFIG_SCHEMA,
];

/** Makes the named schemas known to `app`'s routes, and so to its OpenAPI document; before any route. */
export function registerApiSchemas(app: FastifyInstance): void {
  for (const schema of API_COMPONENTS) app.addSchema(schema);
}

/** One failure answer for an OpenAPI response: `description` says which keys it carries and when. */
export const errorAnswer = (description: string) => ({ ...ref('ApiError'), description }) as const;

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

/** A machine's id, in a path. */
export const MACHINE_ID_SCHEMA = {
  type: 'string',
  pattern: MACHINE_ID_PATTERN.source,
  description: 'A machine id (as `Machine.id`)',
} as const;
