import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DCZ_EXTENSION,
  readDictionaries,
  sendsDcz,
  dictionaryMatchFor,
  type DictionaryCompressed,
} from '../http/dictionaryCompression';
import { etagOf, ifNoneMatchHits } from '../http/etag';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';
export const NOT_BUILT_TEXT = 'The page is not built yet. Run `npm run build`, then restart the server.\n';

export interface Page {
  /** Answers with index.html, or 503 text when the page is not built. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built page. Vite's hashed files under /assets/ never change, so they cache for a year;
 * everything else (index.html first) is revalidated on every load so a deploy shows at once.
 */
export async function registerPage(app: FastifyInstance, staticDir: string): Promise<Page> {
  const built = existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    const dictionaries = readDictionaries(staticDir);
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz next to each text file (scripts/vite/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // The file sent: for a compressed answer, its .br or .gz copy.
        const sent = '/' + path.relative(staticDir, filePath).split(path.sep).join('/');
        const urlPath = sent.replace(/\.(br|gz)$/, '');
        reply.header('cache-control', urlPath.startsWith('/assets/') ? IMMUTABLE_CACHE : 'no-cache');
        for (const entry of dictionaries) {
          if (urlPath === entry.dictionary) reply.header('use-as-dictionary', dictionaryMatchFor(entry.file));
          if (urlPath === entry.file) reply.header('vary', 'available-dictionary');
        }
      },
    });
    for (const entry of dictionaries) registerDictionaryCompressed(app, staticDir, entry);
  }
  return {
    sendIndex: (reply) =>
      built
        ? reply.sendFile('index.html')
        : reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT),
  };
}

/** A browser that has the dictionary and takes `dcz` gets the file's dcz copy; any other, the file as usual. */
function registerDictionaryCompressed(app: FastifyInstance, staticDir: string, entry: DictionaryCompressed): void {
  const dcz = readFileSync(path.join(staticDir, entry.file + DCZ_EXTENSION));
  const etag = etagOf(dcz);
  app.get(entry.file, (request, reply) => {
    if (!sendsDcz(request.headers, entry)) return reply.sendFile(entry.file.slice(1));
    reply
      // Only the browser keeps it: a shared cache that ignored Vary would hand it to browsers without the dictionary.
      .header('cache-control', PRIVATE_IMMUTABLE_CACHE)
      .header('vary', 'accept-encoding, available-dictionary')
      .header('etag', etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').header('content-encoding', 'dcz').send(dcz);
  });
}
