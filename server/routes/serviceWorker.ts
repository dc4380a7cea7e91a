import type { FastifyInstance } from 'fastify';

/** Where the page's build puts its service worker (src/offline/offlineConfig.ts SW_URL). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The service worker file, whatever serves it: checked on every load (a new deployment's worker must be seen at
 * once, never a day late from the HTTP cache) and allowed to control the whole site from its place at the root.
 */
export function addServiceWorkerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.split('?')[0] === SERVICE_WORKER_PATH && reply.statusCode === 200) {
      reply.header('cache-control', 'no-cache');
      reply.header('service-worker-allowed', '/');
    }
    return payload;
  });
}
