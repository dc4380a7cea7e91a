import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiErrorBody } from '../errors';

const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

/**
 * A path that names a file rather than a screen: a name with an extension (`/favicon.ico`, a `.map`), or any
 * part starting with a dot (`/.vite/manifest.json`, `/.env`), encoded or not. Missing, it is a 404, not the page.
 */
function namesAFile(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  const parts = decoded.split(/[/\\]/);
  return parts.some((part) => part.startsWith('.')) || (parts.at(-1) ?? '').includes('.');
}

/** What answers a page route: index.html, or a 503 while the page is not built (routes/page.ts registers it). */
interface IndexPage {
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Unknown API paths answer JSON 404. Any other GET is a page route (e.g. /login) the single-page
 * app handles itself, so it gets index.html; a missing hashed asset, or a path that names a file, stays a 404
 * rather than HTML.
 */
export function setNotFoundHandler(app: FastifyInstance, page: IndexPage): void {
  // Not async: an async handler returning the reply makes Fastify wait on the response's end on top of
  // @fastify/static's own wait, which stacks close listeners (MaxListenersExceededWarning).
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !pathname.startsWith('/assets/') &&
      !namesAFile(pathname);
    if (isPageRoute) {
      page.sendIndex(reply);
      return;
    }
    const body: ApiErrorBody = { success: false, msg: 'notFound' };
    reply.code(404).type('application/json; charset=utf-8').send(body);
  });
}
