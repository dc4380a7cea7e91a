import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

export type ContentEncoding = 'br' | 'gzip';

/** In order of preference, as @fastify/static picks among its pre-compressed files. */
export const CONTENT_ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Maximum: smallest output, about 1 MB/s. Fast: a little larger, about ten times faster. */
export type Effort = 'max' | 'fast';

/** Above this, a body rebuilt on each data change is compressed fast, or its first caller would wait seconds. */
export const MAX_EFFORT_LIMIT_BYTES = 256 * 1024; // 256 KiB
const FAST_BROTLI_QUALITY = 5;
const FAST_GZIP_LEVEL = 6;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with for an Accept-Encoding header, or null for the body as it is. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  if (acceptEncoding === undefined) return null;
  // As @fastify/static reads it: "*" (any encoding) as gzip, which every client decodes.
  const header = [acceptEncoding].flat().join(',').toLowerCase().replaceAll('*', 'gzip');
  return negotiate(header, [...CONTENT_ENCODINGS]);
}

/** The effort worth spending on a body that changes with the data: the maximum unless it is large. */
export const effortFor = (bytes: number): Effort => (bytes <= MAX_EFFORT_LIMIT_BYTES ? 'max' : 'fast');

/** `body` compressed on a thread-pool thread, so the server keeps answering meanwhile. */
export function compress(body: Uint8Array, encoding: ContentEncoding, effort: Effort = 'max'): Promise<Buffer> {
  const max = effort === 'max';
  if (encoding === 'gzip') return gzipAsync(body, { level: max ? constants.Z_BEST_COMPRESSION : FAST_GZIP_LEVEL });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: max ? constants.BROTLI_MAX_QUALITY : FAST_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}
