import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiErrorBody } from '../errors';

const METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Answers 405 with an Allow header for every method a path does not serve (Fastify would say 404). Left out of the
 * OpenAPI document, which lists what each path serves.
 */
export function refuseOtherMethods(
  app: FastifyInstance,
  urls: readonly string[],
  allowed: readonly HTTPMethods[],
): void {
  // Fastify answers HEAD itself for every GET route.
  const served = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  const refused = METHODS.filter((method) => !served.includes(method));
  for (const url of urls) {
    app.route({
      method: refused,
      url,
      schema: { hide: true },
      handler: async (_request, reply) => {
        const body: ApiErrorBody = { success: false, msg: 'methodNotAllowed' };
        return reply.code(405).header('allow', served.join(', ')).send(body);
      },
    });
  }
}
