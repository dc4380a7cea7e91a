import { sendEncodedBody } from '../http/encodedBody';
import type { ListBody } from '../http/listBody';
import { BODY_ERRORS, ref, SERVER_ERRORS } from './apiSchemas';
import { route } from './route';

/** The page sends `{}` (the spec: an empty payload); anything bigger is refused unread, not parsed and discarded. */
export const LIST_BODY_LIMIT_BYTES = 1024;

/**
 * No body schema: the body is ignored, whatever it holds. The 200 answer is written and compressed ahead
 * (http/listBody.ts) and sent as bytes, so its schema documents it and Fastify's serializer never runs on it.
 */
export const LIST_SCHEMA = {
  tags: ['machines'],
  operationId: 'listMachines',
  summary: 'Every machine',
  description:
    'Every machine, sorted by id. The request body is ignored (the page sends `{}`) and refused over 1 KiB. ' +
    'The answer is Brotli- or gzip-encoded when Accept-Encoding allows, with an ETag per encoding.',
  headers: {
    type: 'object',
    properties: {
      'accept-encoding': {
        type: 'string',
        description: 'br or gzip: the answer compressed (once per list, then kept)',
      },
      'if-none-match': { type: 'string', description: 'The ETag of a copy held: 304 while it is current' },
    },
  },
  response: {
    200: { description: 'Every machine', ...ref('MachineList') },
    304: { description: 'Not modified: the copy named by If-None-Match is current', type: 'null' },
    ...BODY_ERRORS,
    ...SERVER_ERRORS,
  },
} as const;

/** `POST /api/rvm/`: every machine, sorted by id. The request body is ignored. */
export const rvmRoutes = ({ currentList }: { currentList: () => Promise<ListBody> }) => ({
  list: route({
    bodyLimit: LIST_BODY_LIMIT_BYTES,
    schema: LIST_SCHEMA,
    handler: async (request, reply) => {
      const body = await currentList();
      // no-cache: the list changes whenever an operator imports, so always revalidate (cheap: 304).
      reply.header('cache-control', 'no-cache');
      return sendEncodedBody(request, reply, body);
    },
  }),
});
