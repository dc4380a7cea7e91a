import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { tokenFingerprint } from '../security/tokenFingerprint';
import type { MachineBus } from '../live/bus';
import { parseStatusUpdate } from '../machines/statusUpdate';
import { bearerMatches } from '../security/adminToken';
import { errorAnswer, OPERATOR_SECURITY, ref, SERVER_ERRORS } from './apiSchemas';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/operator/machines/:id';
const ONE_MINUTE_MS = 60 * 1000;
/** Enough for a device reporting every few seconds; throttles token guessing too. */
export const OPERATOR_RATE_LIMIT_PER_MINUTE = 300;
/** The largest valid body (every field, three timestamps) is about 300 bytes. */
const BODY_LIMIT_BYTES = 1024;

const OPERATOR_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The machine' } },
} as const;

export const OPERATOR_SCHEMA = {
  tags: ['operator'],
  operationId: 'updateMachine',
  summary: "An operator changes a machine's state",
  description:
    'Only the fields given change; the server never stamps a time itself. Audited, and sent to open event streams. ' +
    `At most ${OPERATOR_RATE_LIMIT_PER_MINUTE} a minute per client.`,
  security: OPERATOR_SECURITY,
  params: OPERATOR_PARAMS,
  body: ref('MachineStateEdit'),
  response: {
    200: {
      description: 'The machine as it is now',
      type: 'object',
      required: ['success', 'rvm'],
      properties: { success: { type: 'boolean', const: true }, rvm: ref('Machine') },
    },
    400: errorAnswer('badRequest: not JSON, an unknown field, a bad value, or no field at all'),
    401: errorAnswer('unauthorized: no operator token, or a wrong one (the body is not read)'),
    404: errorAnswer('notFound: no such machine'),
    413: errorAnswer('payloadTooLarge: the body is over 1 KiB'),
    415: errorAnswer('unsupportedMediaType: the body is not application/json'),
    429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * `PATCH /api/operator/machines/:id`: an operator (a person or a machine's own controller) changes a
 * machine's status, maintenance flag, service state, deactivation or feed timestamps (only as given:
 * the server never stamps one itself). PATCH, not the page's POST-only convention: this is not a call
 * the public page makes, and a partial update of one resource is what PATCH means.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  engine: Engine,
  bus: MachineBus,
  adminToken: string | null,
): void {
  app.patch<{ Params: FromSchema<typeof OPERATOR_PARAMS>; Body: unknown }>(ROUTE, {
    schema: OPERATOR_SCHEMA,
    bodyLimit: BODY_LIMIT_BYTES,
    config: { rateLimit: { max: OPERATOR_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
    preParsing: async (request, _reply, payload) => {
      if (!bearerMatches(request.headers.authorization, adminToken)) throw new ApiError(401, 'unauthorized');
      return payload;
    },
    // Before the schema: a body in another type (text/plain is parsed as text) is a 415, not a 400.
    preValidation: async (request) => {
      if (!request.headers['content-type']?.startsWith('application/json'))
        throw new ApiError(415, 'unsupportedMediaType');
    },
    handler: async (request) => {
      const update = parseStatusUpdate(request.body);
      // bearerMatches passed, so the token is set.
      const result = await engine.updateStatus(request.params.id, update, tokenFingerprint(adminToken!));
      if (!result) throw new ApiError(404, 'notFound');
      request.log.info({ machine: request.params.id, update }, 'machine status updated by operator');
      if (result.changed) bus.publish(result.machine);
      return { success: true, rvm: result.machine };
    },
  });
  refuseOtherMethods(app, [ROUTE], ['PATCH']);
}
