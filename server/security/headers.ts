import type { FastifyInstance } from 'fastify';
import { buildCsp } from './csp';

/** Headers on every response; the CSP only on HTML, the one kind of response it governs. */
export function addSecurityHeaders(app: FastifyInstance, embedOrigins: readonly string[]): void {
  const csp = buildCsp(embedOrigins);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', csp);
    return payload;
  });
}
