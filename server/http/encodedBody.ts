import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, effortFor, negotiateEncoding, type ContentEncoding } from './compression';
import { etagOf, ifNoneMatchHits } from './etag';

/** A response body kept between requests, compressed at most once per encoding. */
export interface EncodedBody {
  readonly text: string;
  readonly contentType: string;
  /** The body's strong ETag as sent; each encoding is a different representation, so it has its own. */
  etag(encoding: ContentEncoding | null): string;
  /** The compressed bytes: the first call compresses, every later one (and any in the meantime) shares it. */
  bytes(encoding: ContentEncoding): Promise<Buffer>;
}

export function encodedBody(text: string, contentType: string): EncodedBody {
  const identityTag = etagOf(text);
  const raw = Buffer.from(text, 'utf8');
  const compressed = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    text,
    contentType,
    etag: (encoding) => (encoding === null ? identityTag : `${identityTag.slice(0, -1)}-${encoding}"`),
    bytes(encoding) {
      let pending = compressed.get(encoding);
      if (!pending) {
        pending = compress(raw, encoding, effortFor(raw.byteLength));
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
  if (encoding === null) return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(await body.bytes(encoding));
}
