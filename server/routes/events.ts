import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_IN_ALL } from '../config';
import type { ApiErrorBody } from '../errors';
import type { MachineBus } from '../live/bus';
import type { LiveEvent } from '../live/eventRing';
import { StreamSlots } from '../live/streamSlots';
import { BASE_SECURITY_HEADERS } from '../security/headers';
import { errorAnswer } from './apiSchemas';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/events';
/** Below the usual 30-60 s idle timeouts of proxies, so a quiet stream is not cut. */
export const HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops, ms (sent as `retry:`). */
export const RECONNECT_MS = 5_000;
export interface EventStreamOptions {
  heartbeatMs?: number;
  /** Each open stream holds a socket; past this many, new ones are refused (the page then retries). */
  maxStreams?: number;
  maxStreamsPerAddress?: number;
}

const LAST_EVENT_ID =
  'The id of the last event seen: the events missed since are sent first (ignored over 64 characters)';

/** The stream's events are described in words: OpenAPI has no schema for a Server-Sent Events body. */
export const EVENTS_SCHEMA = {
  tags: ['live'],
  summary: 'Live changes, as Server-Sent Events',
  description:
    '`machine` (a machine as the list call sends it) for each change of status, `import` (the counts) after an ' +
    'import, then the page loads the list again; `resync` when the events missed are gone (reload the list); ' +
    '`ready` with the newest id. Each event has an id; a comment every 25 s keeps the stream open.',
  querystring: { type: 'object', properties: { lastEventId: { type: 'string', description: LAST_EVENT_ID } } },
  headers: { type: 'object', properties: { 'last-event-id': { type: 'string', description: LAST_EVENT_ID } } },
  response: {
    200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    503: errorAnswer('systemError: too many streams are open (in all, or from this address); Retry-After says when'),
  },
} as const;

const eventText = (event: LiveEvent) =>
  event.type === 'resync'
    ? `event: resync\nid: ${event.id}\ndata: ${event.id}\n\n`
    : `event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event.type === 'machine' ? event.machine : event.notice)}\n\n`;

/** The id of the last event a reconnecting client saw: EventSource's own header, or the page's query parameter. */
function lastEventId(request: FastifyRequest): string | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const id = typeof header === 'string' && header ? header : query;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

/**
 * `GET /api/events`: a Server-Sent Events stream with one `machine` event, carrying the machine as the
 * list call sends it, for each status change, and one `import` event (the counts) for each import, after
 * which the page loads the list again; a comment every 25 s keeps it open. Each event has an id. A client
 * that hands back the last id it saw gets the events it missed; when they are gone (too old, or the server
 * restarted) it gets `resync` instead, and reloads the list. Then `ready`, with the newest id.
 */
export function registerEventRoutes(app: FastifyInstance, bus: MachineBus, options: EventStreamOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const slots = new StreamSlots(
    options.maxStreams ?? MAX_STREAMS_IN_ALL,
    options.maxStreamsPerAddress ?? DEFAULT_MAX_STREAMS_PER_ADDRESS,
  );
  const streams = new Set<() => void>();
  // Open streams never end by themselves: close them, or closing the server would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(ROUTE, { schema: EVENTS_SCHEMA }, async (request, reply) => {
    const address = request.ip;
    const refusal = slots.take(address);
    if (refusal) {
      // Expected under load or abuse, not a fault: one line, no stack.
      request.log.warn(`event stream refused for ${address}: the ${refusal} cap on open streams is reached`);
      const body: ApiErrorBody = { success: false, msg: 'systemError' };
      return reply
        .code(503)
        .header('retry-after', String(RECONNECT_MS / 1000))
        .type('application/json; charset=utf-8')
        .send(body);
    }
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
    // Subscribing and replaying in one go: no change can fall between them.
    const unsubscribe = bus.subscribe((event) => raw.write(eventText(event)));
    const seen = lastEventId(request);
    if (seen !== null) {
      const missed = bus.since(seen);
      if (missed) for (const event of missed) raw.write(eventText(event));
      else raw.write(`event: resync\nid: ${bus.headId}\ndata: ${bus.headId}\n\n`);
    }
    raw.write(`event: ready\nid: ${bus.headId}\ndata: ${bus.headId}\n\n`);
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    const end = () => {
      if (!streams.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      slots.release(address);
      raw.end();
    };
    streams.add(end);
    request.raw.once('close', end);
    raw.once('close', end);
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
