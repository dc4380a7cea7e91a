import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiErrorBody } from '../errors';
import { urlsOf, type RouteRow } from './route';

/** The methods a path may be asked, in the order an Allow header lists them (HEAD last: it follows GET). */
const METHODS: readonly HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/**
 * Answers 405 with an Allow header for every method a path of the table does not serve (Fastify would say 404).
 * Left out of the OpenAPI document, which lists what each path serves.
 */
export function refuseOtherMethods(app: FastifyInstance, rows: readonly RouteRow[]): void {
  const served = new Map<string, Set<HTTPMethods>>();
  for (const row of rows) {
    for (const url of urlsOf(row)) {
      const methods = served.get(url) ?? new Set<HTTPMethods>();
      methods.add(row.method);
      // Fastify answers HEAD itself for every GET route.
      if (row.method === 'GET') methods.add('HEAD');
      served.set(url, methods);
    }
  }
  for (const [url, methods] of served) {
    const allow = METHODS.filter((method) => methods.has(method)).join(', ');
    app.route({
      method: METHODS.filter((method) => !methods.has(method)),
      url,
      schema: { hide: true },
      handler: async (_request, reply) => {
        const body: ApiErrorBody = { success: false, msg: 'methodNotAllowed' };
        return reply.code(405).header('allow', allow).send(body);
      },
    });
  }
}
