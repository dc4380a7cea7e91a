import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The header the console sends its session's token in (decision 0044). */
export const CSRF_HEADER = 'x-csrf-token';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether a request comes from a page of this server. A browser that sends Fetch Metadata (every current one) says so
 * in `Sec-Fetch-Site`; an older one is judged by `Origin` against this server's own origin (behind a proxy, as
 * RVM_TRUST_PROXY lets it be known). A client that sends neither is not a browser page: no other site can make it
 * send a request, and the token still has to match.
 */
export function fromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/** Whether the request carries the session's synchronizer token; compared in constant time. */
export function carriesCsrfToken(request: FastifyRequest, token: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(sent), digest(token));
}
