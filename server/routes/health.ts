import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { countMachines } from '../machines/repository';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/health';

/** `GET /api/health`: answers only when the database does. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get(ROUTE, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, status: 'ok', machines: countMachines(db) };
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
