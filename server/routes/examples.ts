import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Relative to the working folder, as the seed and the built page are (server/config.ts). */
export const EXAMPLES_DIR = path.resolve('examples');
export const HOST_PAGE_PATH = '/examples/host.html';

/** Only these files are served: a fixed list, so no request path ever reaches the file system. */
const FILES: Record<string, string> = {
  'host.html': 'text/html; charset=utf-8',
  'host.js': 'text/javascript; charset=utf-8',
  'host.css': 'text/css; charset=utf-8',
};

/**
 * The example host page's own policy: it is a different document from the map. Its script is a file
 * ('self'), and its iframe may point at the map on another origin (`?src=`), so frames may load any http(s) URL.
 */
export const HOST_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  'frame-src http: https:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const REDIRECT_SCHEMA = {
  tags: ['page'],
  operationId: 'openExamplePage',
  summary: 'The example host page',
  description: `A redirect to ${HOST_PAGE_PATH}: the map embedded in a host page, for an integrator to try.`,
  response: { 302: { description: `To ${HOST_PAGE_PATH}`, type: 'null' } },
} as const;

const fileSchema = (name: string, type: string) =>
  ({
    tags: ['page'],
    operationId: `getExample${name.replace(/(?:^|\.)(\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    summary: `The example host page's ${name}`,
    description: 'A file of the example host page (examples/), revalidated on each use.',
    response: { 200: { description: name, content: { [type]: { schema: { type: 'string' } } } } },
  }) as const;

/** `GET /examples/host.html` (and its script and style): the one-minute proof for an integrator. */
export function registerExampleRoutes(app: FastifyInstance, dir: string = EXAMPLES_DIR): void {
  app.get('/examples', { schema: REDIRECT_SCHEMA }, async (_request, reply) => reply.redirect(HOST_PAGE_PATH));
  // The same page with a trailing slash answers too, listed once in the document.
  app.get('/examples/', { schema: { ...REDIRECT_SCHEMA, hide: true } }, async (_request, reply) =>
    reply.redirect(HOST_PAGE_PATH),
  );
  for (const [name, type] of Object.entries(FILES)) {
    app.get(`/examples/${name}`, {
      schema: fileSchema(name, type),
      // Runs after the app-wide hook that sets the map's CSP on every HTML response, and replaces it.
      onSend: async (_request, reply, payload) => {
        if (name === 'host.html') reply.header('content-security-policy', HOST_PAGE_CSP);
        return payload;
      },
      handler: async (_request, reply) => {
        const body = await readFile(path.join(dir, name));
        return reply.type(type).header('cache-control', 'no-cache').send(body);
      },
    });
  }
}
