import type { FastifyInstance } from 'fastify';
import { buildCsp } from './csp';

/** On every response, router errors included (their replies skip the onSend hooks). */
export const BASE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** Headers on every response; the CSP only on HTML, the one kind of response it governs. */
export function addSecurityHeaders(
  app: FastifyInstance,
  embedOrigins: readonly string[],
  mapOrigins: readonly string[] = [],
): void {
  const csp = buildCsp(embedOrigins, mapOrigins);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(BASE_SECURITY_HEADERS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', csp);
    return payload;
  });
}
