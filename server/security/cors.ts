import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * The API calls the page itself makes (src/): the list, the feed's freshness, a machine's history, the live
 * stream and the photos. Not the operator's calls, not uploads, not health: those stay same-origin only.
 */
const PAGE_CALLS = [
  /^\/api\/rvm\/?$/,
  /^\/api\/feed\/?$/,
  /^\/api\/rvm\/[^/]+\/history$/,
  /^\/api\/events$/,
  /^\/api\/file\/[^/]+$/,
];

const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');
const pathOf = (url: string): string => url.split('?', 1)[0] ?? '/';

/** Whether a response may be read cross-origin: the page's own files, and the page's calls. */
export function isOpenToEveryOrigin(pathname: string): boolean {
  return !isApiPath(pathname) || PAGE_CALLS.some((call) => call.test(pathname));
}

/** Any origin may read it, without credentials (the page sends none): it is public. */
export const CORS_HEADERS = { 'access-control-allow-origin': '*' } as const;

/** What @fastify/cors answers for one of the page's calls and files: any origin, no credentials. */
const OPEN: FastifyCorsOptions = {
  origin: '*',
  methods: 'GET, HEAD, POST',
  // The list call's JSON body; the id EventSource hands back when it reconnects by itself.
  allowedHeaders: 'content-type, last-event-id',
  // Chromium keeps a preflight at most 2 hours.
  maxAge: 7200,
  // A preflight is answered whether or not it names its origin, as before the plugin.
  strictPreflight: false,
};
/** Anything else: no CORS header, and no preflight answered (the path's own OPTIONS answer, a 405 or a 404). */
const CLOSED: FastifyCorsOptions = { origin: false };

/**
 * CORS for the page in a frame sandboxed without `allow-same-origin`: its origin is opaque ("null"), so its
 * module scripts, styles, fonts and marker images, fetched in CORS mode, and its API calls are all cross-origin
 * to this server. Those files and the page's calls answer `Access-Control-Allow-Origin: *`, and a preflight for
 * a page call (the list call's JSON POST) is answered 204, by @fastify/cors, told per request which applies.
 * Anything else is unchanged: an OPTIONS that is not a preflight, or one for the operator's API or uploads, still
 * gets its 405, with nothing that lets a browser on another origin read an answer.
 */
export async function allowCrossOriginPage(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const pathname = pathOf(request.url);
      if (!isOpenToEveryOrigin(pathname)) return callback(null, CLOSED);
      // Only the page's API calls are preflighted; a plain OPTIONS goes on to the path's own answer.
      const preflight = isApiPath(pathname) && request.headers['access-control-request-method'] !== undefined;
      callback(null, { ...OPEN, preflight });
    },
  });
}
