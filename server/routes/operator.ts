import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { tokenFingerprint } from '../security/tokenFingerprint';
import type { MachineBus } from '../live/bus';
import { parseStatusUpdate } from '../machines/statusUpdate';
import { bearerMatches } from '../security/adminToken';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/operator/machines/:id';
const ONE_MINUTE_MS = 60 * 1000;
/** Enough for a device reporting every few seconds; throttles token guessing too. */
export const OPERATOR_RATE_LIMIT_PER_MINUTE = 300;
/** The largest valid body (every field, three timestamps) is about 300 bytes. */
const BODY_LIMIT_BYTES = 1024;

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
  app.patch<{ Params: { id: string } }>(ROUTE, {
    bodyLimit: BODY_LIMIT_BYTES,
    config: { rateLimit: { max: OPERATOR_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
    preParsing: async (request, _reply, payload) => {
      if (!bearerMatches(request.headers.authorization, adminToken)) throw new ApiError(401, 'unauthorized');
      return payload;
    },
    handler: async (request) => {
      if (!request.headers['content-type']?.startsWith('application/json'))
        throw new ApiError(415, 'unsupportedMediaType');
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
