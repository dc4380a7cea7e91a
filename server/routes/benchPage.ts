import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE } from './page';

export const BENCH_PAGE_PATH = '/bench/';
export const BENCH_NOT_BUILT_TEXT =
  'The benchmark page is not built yet. Run `npm run bench:build`, then restart the server.\n';
/**
 * The page measures its main-thread JavaScript with the JS Self-Profiling API, which Chromium offers only to a
 * document that asks for it with this header.
 */
export const BENCH_DOCUMENT_POLICY = 'js-profiling';

const REDIRECT_SCHEMA = {
  tags: ['page'],
  operationId: 'openBenchPage',
  summary: 'The benchmark page (RVM_BENCH_PAGE=1)',
  description: `A redirect to ${BENCH_PAGE_PATH}, where the deployment's people can measure the map on their devices.`,
  response: { 302: { description: `To ${BENCH_PAGE_PATH}`, type: 'null' } },
} as const;

const NOT_BUILT_SCHEMA = {
  tags: ['page'],
  operationId: 'getBenchPageNotBuilt',
  summary: 'The benchmark page, not built yet (RVM_BENCH_PAGE=1)',
  description: 'Every path under the page answers 503 with the command that builds it, until it is built.',
  response: { 503: { description: 'What to run', content: { 'text/plain': { schema: { type: 'string' } } } } },
} as const;

/**
 * `GET /bench/` when RVM_BENCH_PAGE=1: the benchmark page as `npm run bench:build` built it into `dir`, so that
 * the people of a deployment can run it on their own devices. Its files under /bench/assets/ cache for a year;
 * its pages are revalidated. The app-wide security headers apply to it as to the map.
 */
export async function registerBenchPage(app: FastifyInstance, dir: string): Promise<void> {
  app.get('/bench', { schema: REDIRECT_SCHEMA }, async (_request, reply) => reply.redirect(BENCH_PAGE_PATH));
  if (!existsSync(path.join(dir, 'index.html'))) {
    app.get(`${BENCH_PAGE_PATH}*`, { schema: NOT_BUILT_SCHEMA }, async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(BENCH_NOT_BUILT_TEXT),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: BENCH_PAGE_PATH,
    // The map's own registration decorates the reply already.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const sent = path.relative(dir, filePath).split(path.sep).join('/');
      reply.header('cache-control', sent.startsWith('assets/') ? IMMUTABLE_CACHE : 'no-cache');
      if (sent.endsWith('.html')) reply.header('document-policy', BENCH_DOCUMENT_POLICY);
    },
  });
}
