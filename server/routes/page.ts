import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NOT_BUILT_TEXT = 'The page is not built yet. Run `npm run build`, then restart the server.\n';

export interface Page {
  /** Answers with index.html, or 503 text when the page is not built. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built page. Vite's hashed files under /assets/ never change, so they cache for a year;
 * everything else (index.html first) is revalidated on every load so a deploy shows at once. What the build
 * keeps for itself is never served: its folders whose names start with a dot (dist/.vite/: the manifest and the
 * bundle report) and source maps, unless `publicSourceMaps` (RVM_SOURCE_MAPS=1, a build that links them).
 */
export async function registerPage(
  app: FastifyInstance,
  staticDir: string,
  { publicSourceMaps = false }: { publicSourceMaps?: boolean } = {},
): Promise<Page> {
  const built = existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      cacheControl: false,
      dotfiles: 'ignore',
      allowedPath: (pathname) => publicSourceMaps || !pathname.endsWith('.map'),
      // The build writes .br and .gz next to each text file (scripts/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // The file sent: for a compressed answer, its .br or .gz copy.
        const sent = '/' + path.relative(staticDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', sent.startsWith('/assets/') ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
  }
  return {
    sendIndex: (reply) =>
      built
        ? reply.sendFile('index.html')
        : reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT),
  };
}
