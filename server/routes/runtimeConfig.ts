import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export const RUNTIME_CONFIG_PATH = '/runtime-config.js';

export const RUNTIME_CONFIG_SCHEMA = {
  tags: ['page'],
  summary: "The page's settings of this deployment, as a script",
  description:
    'Sets `window.__RVM_CONFIG__`: embed origins, kiosk timings, basemap style, stale threshold, feed interval.',
  response: {
    200: { description: 'The script', content: { 'text/javascript': { schema: { type: 'string' } } } },
  },
} as const;

/** What the page reads at run time (src/runtimeConfig.ts): deploy-time settings, no rebuild needed. */
export interface RuntimeConfigBody {
  embedOrigins: string[];
  kioskRefreshMs: number;
  kioskIdleMs: number;
  /** Where the deployment's kiosks stand (RVM_KIOSK_HERE), [latitude, longitude]; a kiosk's `?here=` overrides it. */
  kioskHere: [number, number] | null;
  basemapStyleUrl: string | null;
  /** A machine whose `last_online` is older than this is shown as not reporting. */
  staleAfterMs: number;
  /** How often the server asks the feed it follows (RVM_UPSTREAM_INTERVAL_S); null = it follows none. */
  feedIntervalMs: number | null;
}

export function runtimeConfigScript(body: RuntimeConfigBody): string {
  // JSON is a JavaScript expression; "<" escaped so the text can never close a <script> if someone inlines it.
  return `window.__RVM_CONFIG__ = ${JSON.stringify(body).replaceAll('<', '\\u003c')};\n`;
}

/** `GET /runtime-config.js`: a same-origin script (CSP script-src 'self') the page loads before the app. */
export function registerRuntimeConfigRoute(app: FastifyInstance, config: ServerConfig): void {
  const script = runtimeConfigScript({
    embedOrigins: config.embedOrigins,
    kioskRefreshMs: config.kioskRefreshMs,
    kioskIdleMs: config.kioskIdleMs,
    kioskHere: config.kioskHere,
    basemapStyleUrl: config.basemapStyleUrl,
    staleAfterMs: config.staleAfterMs,
    feedIntervalMs: config.upstreamUrl === null ? null : config.upstreamIntervalMs,
  });
  app.get(RUNTIME_CONFIG_PATH, { schema: RUNTIME_CONFIG_SCHEMA }, async (_request, reply) =>
    // no-cache: a changed setting shows on the next load after the server restarts.
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
