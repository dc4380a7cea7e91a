import type { FastifyInstance } from 'fastify';
import { sendEncodedBody } from '../http/encodedBody';
import type { ListBody } from '../http/listBody';
import { refuseOtherMethods } from './methodNotAllowed';

const URLS = ['/api/rvm/', '/api/rvm'] as const;
/** The page sends `{}` (the spec: an empty payload); anything bigger is refused unread, not parsed and discarded. */
export const LIST_BODY_LIMIT_BYTES = 1024;

/** `POST /api/rvm/`: every machine, sorted by id. The request body is ignored. */
export function registerRvmRoutes(app: FastifyInstance, currentList: () => Promise<ListBody>): void {
  for (const url of URLS) {
    app.post(url, { bodyLimit: LIST_BODY_LIMIT_BYTES }, async (request, reply) => {
      const body = await currentList();
      // no-cache: the list changes whenever an operator imports, so always revalidate (cheap: 304).
      reply.header('cache-control', 'no-cache');
      return sendEncodedBody(request, reply, body);
    });
  }
  refuseOtherMethods(app, URLS, ['POST']);
}
