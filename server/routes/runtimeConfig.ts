import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../shared/contract/runtimeConfig';
import type { ServerConfig } from '../config';
import type { EmbedOriginsNow } from '../security/headers';

export const RUNTIME_CONFIG_PATH = '/runtime-config.js';

export const RUNTIME_CONFIG_SCHEMA = {
  tags: ['page'],
  operationId: 'getRuntimeConfig',
  summary: "The page's settings of this deployment, as a script",
  description:
    'Sets `window.__RVM_CONFIG__` to a `RuntimeConfig` (components.schemas): embed origins, kiosk timings, ' +
    'basemap style, stale threshold, feed interval.',
  response: {
    200: { description: 'The script', content: { 'text/javascript': { schema: { type: 'string' } } } },
  },
} as const;

export function runtimeConfigScript(body: RuntimeConfig): string {
  // JSON is a JavaScript expression; "<" escaped so the text can never close a <script> if someone inlines it.
  return `window.__RVM_CONFIG__ = ${JSON.stringify(body).replaceAll('<', '\\u003c')};\n`;
}

/**
 * `GET /runtime-config.js`: a same-origin script (CSP script-src 'self') the page loads before the app. Its embed
 * origins are those allowed now (the floor and the console's, decision 0073); the floor alone while they are unknown.
 */
export function registerRuntimeConfigRoute(
  app: FastifyInstance,
  config: ServerConfig,
  embedOriginsNow: EmbedOriginsNow = async () => config.embedOrigins,
): void {
  const scriptFor = (embedOrigins: readonly string[]) =>
    runtimeConfigScript({
      embedOrigins: [...embedOrigins],
      kioskRefreshMs: config.kioskRefreshMs,
      kioskIdleMs: config.kioskIdleMs,
      kioskHere: config.kioskHere,
      basemapStyleUrl: config.basemapStyleUrl,
      staleAfterMs: config.staleAfterMs,
      feedIntervalMs: config.upstreamUrl === null ? null : config.upstreamIntervalMs,
    });
  let last: { origins: readonly string[]; script: string } | null = null;
  app.get(RUNTIME_CONFIG_PATH, { schema: RUNTIME_CONFIG_SCHEMA }, async (_request, reply) => {
    const origins = (await embedOriginsNow()) ?? config.embedOrigins;
    if (last?.origins !== origins) last = { origins, script: scriptFor(origins) };
    // no-cache: a changed setting shows on the next load (an origin added in the console at once, others after a
    // restart).
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(last.script);
  });
}
