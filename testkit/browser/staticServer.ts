import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticServerOptions {
  /** Brotli and cache headers as a deployment would send them (see compressedFiles). */
  compressed?: boolean;
  /** Extra headers on every HTML answer. */
  htmlHeaders?: Record<string, string>;
  /** 127.0.0.1 unless given (0.0.0.0 to be reached from another device). */
  host?: string;
  /** A free port unless given. */
  port?: number;
}

/** Serves a built directory (a test's page build, a benchmark page) over HTTP. */
export async function serveStatic(
  root: string,
  { compressed = false, htmlHeaders = {}, host = '127.0.0.1', port = 0 }: StaticServerOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const compress = compressedFiles();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(root, path.endsWith(sep) ? `${path}index.html` : path);
    if (!file.startsWith(root + sep)) return void res.writeHead(403).end();
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      if (extname(file) === '.html') res.setHeaders(new Map(Object.entries(htmlHeaders)));
      if (compressed) return void (await compress(req, res, file, TYPES[extname(file)]));
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
      });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const COMPRESSIBLE = /\.(html|m?js|css|json|svg)$/;

/**
 * Files as a deployment would serve them to a visitor (the visitor bench's alternative pages): Brotli when
 * accepted, compressed once per file and kept; hashed assets cached for good, pages revalidated.
 */
function compressedFiles() {
  const kept = new Map<string, Buffer>();
  return async (req: IncomingMessage, res: ServerResponse, file: string, type = 'application/octet-stream') => {
    const brotli = COMPRESSIBLE.test(file) && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    let body = brotli ? kept.get(file) : undefined;
    if (!body) {
      const raw = await readFile(file);
      body = brotli ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : raw;
      if (brotli) kept.set(file, body);
    }
    res.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    res.end(body);
  };
}
