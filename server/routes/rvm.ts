import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { encodedBody, sendEncodedBody } from '../http/encodedBody';
import { createListCache } from '../machines/listCache';
import { listMachines, type ApiMachine } from '../machines/repository';
import { refuseOtherMethods } from './methodNotAllowed';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

const URLS = ['/api/rvm/', '/api/rvm'] as const;

/** `POST /api/rvm/`: every machine, sorted by id. The request body is ignored. */
export function registerRvmRoutes(app: FastifyInstance, db: Db): void {
  const currentList = createListCache(db, () => {
    const body: RvmListBody = { success: true, rvms: listMachines(db) };
    return encodedBody(JSON.stringify(body), 'application/json; charset=utf-8');
  });
  for (const url of URLS) {
    app.post(url, async (request, reply) => {
      // no-cache: the list changes whenever an operator imports, so always revalidate (cheap: 304).
      reply.header('cache-control', 'no-cache');
      return sendEncodedBody(request, reply, currentList());
    });
  }
  refuseOtherMethods(app, URLS, ['POST']);
}
