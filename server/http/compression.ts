import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
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

/** The encoding to answer with for an Accept-Encoding header, or null for the body as it is. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  if (acceptEncoding === undefined) return null;
  // As @fastify/static reads it: "*" (any encoding) as gzip, which every client decodes.
  const header = [acceptEncoding].flat().join(',').toLowerCase().replaceAll('*', 'gzip');
  return negotiate(header, [...CONTENT_ENCODINGS]);
}

/** The effort worth spending on a body that changes with the data: the maximum unless it is large. */
export const effortFor = (bytes: number): Effort => (bytes <= MAX_EFFORT_LIMIT_BYTES ? 'max' : 'fast');

/**
 * `body` (one buffer, or the pieces of one) compressed on thread-pool threads a piece at a time, so the server
 * keeps answering meanwhile, however large the body.
 */
export async function compress(
  body: Uint8Array | readonly Uint8Array[],
  encoding: ContentEncoding,
  effort: Effort = 'max',
): Promise<Buffer> {
  const parts = body instanceof Uint8Array ? [body] : body;
  const byteLength = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const max = effort === 'max';
  const compressor =
    encoding === 'gzip'
      ? createGzip({ level: max ? constants.Z_BEST_COMPRESSION : FAST_GZIP_LEVEL })
      : createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: max ? constants.BROTLI_MAX_QUALITY : FAST_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: byteLength,
          },
        });
  const output: Buffer[] = [];
  await pipeline(Readable.from(parts, { objectMode: false }), compressor, async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) output.push(chunk);
  });
  return Buffer.concat(output);
}
