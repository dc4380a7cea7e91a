import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { openReader, type Db } from '../db/open';
import { ifNoneMatchHits } from '../http/etag';
import { buildListBody } from '../machines/listBody';
import { createListCache } from '../machines/listCache';
import type { ApiMachine } from '../machines/repository';
import { refuseOtherMethods } from './methodNotAllowed';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

const URLS = ['/api/rvm/', '/api/rvm'] as const;

/** `POST /api/rvm/`: every machine, sorted by id. The request body is ignored. */
export function registerRvmRoutes(app: FastifyInstance, db: Db): void {
  const reader = openReader(db);
  app.addHook('onClose', async () => reader.close());
  const currentList = createListCache(db, () => buildListBody(reader));
  for (const url of URLS) {
    app.post(url, async (request, reply) => {
      const { chunks, bytes, etag } = await currentList();
      // no-cache: the list changes whenever an operator imports, so always revalidate (cheap: 304).
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .header('content-length', bytes)
        .send(Readable.from(chunks, { objectMode: false }));
    });
  }
  refuseOtherMethods(app, URLS, ['POST']);
}
