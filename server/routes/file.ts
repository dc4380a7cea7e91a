import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { PhotoStore } from '../db/engine';
import { ifNoneMatchHits } from '../http/etag';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/file/:id';

/** `GET /api/file/:id`: a stored image. Its id is its hash, so it never changes and caches for good. */
export function registerFileRoutes(app: FastifyInstance, store: PhotoStore): void {
  app.get<{ Params: { id: string } }>(ROUTE, async (request, reply) => {
    const { id } = request.params;
    const record = await store.find(id);
    if (!record) throw new ApiError(404, 'fileNotFound');
    const etag = `"${record.id}"`;
    const cacheHeaders = {
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).headers(cacheHeaders).send();

    const opened = await store.open(id);
    if (!opened) {
      request.log.warn({ id }, 'file recorded but missing from the store');
      throw new ApiError(404, 'fileNotFound');
    }
    return reply
      .headers(cacheHeaders)
      .type(opened.record.contentType)
      .header('content-length', opened.record.size)
      .send(opened.stream);
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
