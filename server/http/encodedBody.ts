import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, effortFor, negotiateEncoding, type ContentEncoding } from './compression';
import { etagOf, ifNoneMatchHits } from './etag';

/** A response body kept between requests, compressed at most once per encoding. */
export interface EncodedBody {
  /** The body as it is, in the pieces it was written in: joining a large body would be one more long step. */
  readonly parts: readonly Buffer[];
  readonly byteLength: number;
  readonly contentType: string;
  /** The body's strong ETag as sent; each encoding is a different representation, so it has its own. */
  etag(encoding: ContentEncoding | null): string;
  /** The compressed bytes: the first call compresses, every later one (and any in the meantime) shares it. */
  bytes(encoding: ContentEncoding): Promise<Buffer>;
}

/** Up to this size the pieces are joined once, so that each answer sends one buffer instead of a stream. */
export const JOIN_PARTS_LIMIT_BYTES = 1024 * 1024; // 1 MiB

/** `body` as an EncodedBody; `identityTag` (the ETag of the body as it is) when the caller hashed it already. */
export function encodedBody(body: string | readonly Buffer[], contentType: string, identityTag?: string): EncodedBody {
  const pieces = typeof body === 'string' ? [Buffer.from(body, 'utf8')] : body;
  const byteLength = pieces.reduce((sum, part) => sum + part.byteLength, 0);
  const parts = pieces.length > 1 && byteLength <= JOIN_PARTS_LIMIT_BYTES ? [Buffer.concat(pieces)] : pieces;
  const tag = identityTag ?? etagOf(Buffer.concat(parts));
  const compressed = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    parts,
    byteLength,
    contentType,
    etag: (encoding) => (encoding === null ? tag : `${tag.slice(0, -1)}-${encoding}"`),
    bytes(encoding) {
      let pending = compressed.get(encoding);
      if (!pending) {
        pending = compress(parts, encoding, effortFor(byteLength));
        // A failed compression is not kept: the next request tries again.
        pending.catch(() => compressed.delete(encoding));
        compressed.set(encoding, pending);
      }
      return pending;
    },
  };
}

/**
 * Sends `body` in the encoding the client prefers (Brotli, else gzip, else as it is), or 304 when the
 * client's copy in that encoding is current. Caches must keep one copy per Accept-Encoding: Vary says so.
 */
export async function sendEncodedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): Promise<FastifyReply> {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const etag = body.etag(encoding);
  reply.header('vary', 'accept-encoding').header('etag', etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(body.contentType);
  if (encoding !== null) return reply.header('content-encoding', encoding).send(await body.bytes(encoding));
  if (body.parts.length === 1) return reply.send(body.parts[0]);
  return reply.header('content-length', body.byteLength).send(Readable.from(body.parts, { objectMode: false }));
}
