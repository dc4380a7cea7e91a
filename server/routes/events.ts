import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { MachineBus } from '../live/bus';
import { BASE_SECURITY_HEADERS } from '../security/headers';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/events';
/** Below the usual 30-60 s idle timeouts of proxies, so a quiet stream is not cut. */
export const HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops, ms (sent as `retry:`). */
export const RECONNECT_MS = 5_000;
/** Each open stream holds a socket; past this many, new ones are refused (the page then retries). */
export const MAX_STREAMS = 5_000;

/**
 * `GET /api/events`: a Server-Sent Events stream with one `machine` event, carrying the machine as the
 * list call sends it, for each status change, and one `import` event (the counts) for each import, after
 * which the page loads the list again; a comment every 25 s keeps it open.
 */
export function registerEventRoutes(app: FastifyInstance, bus: MachineBus, heartbeatMs = HEARTBEAT_MS): void {
  const streams = new Set<() => void>();
  // Open streams never end by themselves: close them, or closing the server would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(ROUTE, async (request, reply) => {
    if (streams.size >= MAX_STREAMS) throw new ApiError(503, 'systemError');
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...BASE_SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    const unsubscribe = bus.subscribe(
      (machine) => raw.write(`event: machine\ndata: ${JSON.stringify(machine)}\n\n`),
      (notice) => raw.write(`event: import\ndata: ${JSON.stringify(notice)}\n\n`),
    );
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    const end = () => {
      if (!streams.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    streams.add(end);
    request.raw.once('close', end);
    raw.once('close', end);
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
