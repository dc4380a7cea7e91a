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

/** What a preflight for one of the page's calls is answered. */
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST',
  // The list call's JSON body; the id EventSource hands back when it reconnects by itself.
  'access-control-allow-headers': 'content-type, last-event-id',
  // Chromium keeps a preflight at most 2 hours.
  'access-control-max-age': '7200',
};

/**
 * CORS for the page in a frame sandboxed without `allow-same-origin`: its origin is then opaque ("null"), so its
 * module scripts, styles, fonts and marker images, fetched in CORS mode, and its API calls are all cross-origin
 * to this server. Those files and the page's calls answer `Access-Control-Allow-Origin: *`, and a preflight for
 * a page call (the list call's JSON POST) is answered 204. Anything else is unchanged: an OPTIONS that is not a
 * preflight, or one for the operator's API or uploads, still gets its 405, with nothing that lets a browser on
 * another origin read an answer.
 */
export function allowCrossOriginPage(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return;
    const pathname = pathOf(request.url);
    if (!isApiPath(pathname) || !isOpenToEveryOrigin(pathname)) return;
    return reply.code(204).headers(PREFLIGHT_HEADERS).send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isOpenToEveryOrigin(pathOf(request.url))) reply.headers(CORS_HEADERS);
    return payload;
  });
}
