import type { FastifyInstance } from 'fastify';
import { buildCsp } from './csp';

/**
 * Powerful browser features the page never uses are denied to it and to anything it frames; geolocation stays
 * with the page itself for "Near me" (a host's iframe grants it with `allow="geolocation"`).
 */
const PERMISSIONS: Record<string, string> = {
  accelerometer: '()',
  camera: '()',
  'display-capture': '()',
  geolocation: '(self)',
  gyroscope: '()',
  hid: '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  payment: '()',
  serial: '()',
  usb: '()',
};
export const PERMISSIONS_POLICY = Object.entries(PERMISSIONS)
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');

/** On every response, router and HTTP parser errors included (their replies skip the onSend hooks). */
export const BASE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
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
