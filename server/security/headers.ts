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

/** The host origins allowed to frame the page now; null while they are unknown (only the page's own origin may). */
export type EmbedOriginsNow = () => Promise<readonly string[] | null>;

/**
 * Headers on every response; the CSP only on HTML, the one kind of response it governs, made again when the allowed
 * host origins change (decision 0073).
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  embedOrigins: readonly string[] | EmbedOriginsNow,
  mapOrigins: readonly string[] = [],
): void {
  const originsNow: EmbedOriginsNow = typeof embedOrigins === 'function' ? embedOrigins : async () => embedOrigins;
  let last: { origins: readonly string[] | null; csp: string } | null = null;
  const cspFor = (origins: readonly string[] | null): string => {
    if (last?.origins !== origins) last = { origins, csp: buildCsp(origins, mapOrigins) };
    return last.csp;
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(BASE_SECURITY_HEADERS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', cspFor(await originsNow()));
    }
    return payload;
  });
}
