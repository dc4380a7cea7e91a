import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_IN_ALL } from '../config';
import type { ApiErrorBody } from '../errors';
import { RefusalLog, type RefusalLogOptions } from '../http/refusalLog';
import type { MachineBus } from '../live/bus';
import { eventText, resyncText } from '../live/eventText';
import { MAX_BLOCKED_MS, MAX_UNSENT_BYTES, type StreamLimits } from '../live/streamLimits';
import { StreamSlots, type StreamRefusal } from '../live/streamSlots';
import { StreamWriter, type StreamOverflow } from '../live/streamWriter';
import { CORS_HEADERS } from '../security/cors';
import { BASE_SECURITY_HEADERS } from '../security/headers';
import { errorAnswer, ref, STREAM_EVENTS } from './apiSchemas';
import { route } from './route';

/** Below the usual 30-60 s idle timeouts of proxies, so a quiet stream is not cut. */
export const HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream drops, ms (sent as `retry:`). */
export const RECONNECT_MS = 5_000;

export interface EventStreamOptions {
  heartbeatMs?: number;
  /** Each open stream holds a socket; past this many, new ones are refused (the page then retries). */
  maxStreams?: number;
  maxStreamsPerAddress?: number;
  /** A stream with more than this unsent is closed (StreamWriter). */
  maxUnsentBytes?: number;
  /** A stream whose socket takes nothing for this long is closed. */
  maxBlockedMs?: number;
  refusalLog?: RefusalLogOptions;
}

const LAST_EVENT_ID =
  'The id of the last event seen: the events missed since are sent first (ignored over 64 characters)';

/** The stream's events are described in words: OpenAPI has no schema for a Server-Sent Events body. */
export const EVENTS_SCHEMA = {
  tags: ['live'],
  operationId: 'streamEvents',
  summary: 'Live changes, as Server-Sent Events',
  description:
    '`machine` (a machine as the list call sends it) for each change of status, `import` (the counts) after an ' +
    'import, then the page loads the list again; `resync` when the events missed are gone (reload the list); ' +
    '`ready` with the newest id. Each event has an id; a comment every 25 s keeps the stream open.',
  querystring: { type: 'object', properties: { lastEventId: { type: 'string', description: LAST_EVENT_ID } } },
  headers: { type: 'object', properties: { 'last-event-id': { type: 'string', description: LAST_EVENT_ID } } },
  response: {
    200: {
      description: 'The stream',
      content: {
        'text/event-stream': {
          // Each Server-Sent Event, as OpenAPI 3.2 names the items of a stream (`itemSchema`).
          schema: { description: 'One event of the stream', oneOf: STREAM_EVENTS.map(({ $id }) => ref($id)) },
        },
      },
    },
    503: errorAnswer('systemError: too many streams are open (in all, or from this address); Retry-After says when'),
  },
} as const;

const EVENTS_HEAD_SCHEMA = {
  tags: ['live'],
  operationId: 'headEvents',
  summary: 'The headers GET /api/events would answer now, without opening a stream',
  description: 'For a probe or a proxy: 200 when a stream would open, 503 with Retry-After when it would be refused.',
  response: {
    200: { description: 'A stream would open', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    503: errorAnswer('systemError: a stream would be refused (too many open); Retry-After says when'),
  },
} as const;

const STREAM_HEADERS = {
  ...BASE_SECURITY_HEADERS,
  // Written past Fastify's hooks, so the page's CORS is set here (security/cors.ts).
  ...CORS_HEADERS,
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // nginx would otherwise buffer the stream.
  'x-accel-buffering': 'no',
};

const REFUSALS: Record<StreamRefusal, string> = {
  server: 'the server cap on open streams is reached',
  address: 'the address cap on open streams is reached',
};
const overflowText = (why: StreamOverflow, limits: StreamLimits): string =>
  why === 'unsent'
    ? `over ${Math.round(limits.maxUnsentBytes / 1024)} KiB waited unsent (the client does not read)`
    : `its socket took nothing for ${limits.maxBlockedMs / 1000} s (the client does not read)`;

/** The id of the last event a reconnecting client saw: EventSource's own header, or the page's query parameter. */
function lastEventId(request: FastifyRequest): string | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const id = typeof header === 'string' && header ? header : query;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

function refuse(reply: FastifyReply): FastifyReply {
  const body: ApiErrorBody = { success: false, msg: 'systemError' };
  return reply
    .code(503)
    .header('retry-after', String(RECONNECT_MS / 1000))
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * `GET /api/events`: a Server-Sent Events stream with one `machine` event, carrying the machine as the
 * list call sends it, for each status change, and one `import` event (the counts) for each import, after
 * which the page loads the list again; a comment every 25 s keeps it open. Each event has an id. A client
 * that hands back the last id it saw gets the events it missed; when they are gone (too old, or the server
 * restarted) or too many to replay, it gets `resync` instead, and reloads the list. Then `ready`, with the
 * newest id. A client that stops reading is cut off (StreamWriter) and does the same when it returns.
 * `HEAD /api/events` answers the headers GET would, and opens nothing.
 */
export function eventRoutes({
  app,
  bus,
  eventStreams: options = {},
}: {
  app: FastifyInstance;
  bus: MachineBus;
  eventStreams?: EventStreamOptions;
}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const limits: StreamLimits = {
    maxUnsentBytes: options.maxUnsentBytes ?? MAX_UNSENT_BYTES,
    maxBlockedMs: options.maxBlockedMs ?? MAX_BLOCKED_MS,
  };
  const slots = new StreamSlots(
    options.maxStreams ?? MAX_STREAMS_IN_ALL,
    options.maxStreamsPerAddress ?? DEFAULT_MAX_STREAMS_PER_ADDRESS,
  );
  // Refusals are expected under load or abuse, not faults: one line each, no stack, and not one per request.
  const refusals = new RefusalLog((line) => app.log.warn(line), options.refusalLog);
  const flushRefusals = setInterval(() => refusals.flush(), refusals.flushEveryMs);
  flushRefusals.unref();
  const streams = new Set<() => void>();
  // Open streams never end by themselves: close them, or closing the server would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    clearInterval(flushRefusals);
    refusals.flush();
  });

  const stream = route({
    exposeHeadRoute: false,
    schema: EVENTS_SCHEMA,
    handler: async (request, reply) => {
      const address = request.ip;
      const refusal = slots.take(address);
      if (refusal) {
        refusals.refused(address, refusal, `event stream refused for ${address}: ${REFUSALS[refusal]}`);
        return refuse(reply);
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, STREAM_HEADERS);
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => writer.write(': heartbeat\n\n'), heartbeatMs);
      const end = () => {
        if (!streams.delete(end)) return;
        clearInterval(heartbeat);
        writer.stop();
        unsubscribe();
        slots.release(address);
        raw.end();
      };
      const writer = new StreamWriter(raw, limits, (why) => {
        refusals.refused(address, why, `event stream closed for ${address}: ${overflowText(why, limits)}`);
        end();
        // A reset drops what the kernel still holds for the client at once; an orderly close would wait on it.
        raw.socket?.resetAndDestroy();
      });
      streams.add(end);
      request.raw.once('close', end);
      raw.once('close', end);
      writer.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      // Subscribing and replaying in one go: no change can fall between them.
      unsubscribe = bus.subscribe((event) => writer.write(eventText(event).text));
      const seen = lastEventId(request);
      if (seen !== null) {
        const missed = bus.since(seen);
        if (missed) for (const event of missed) writer.write(eventText(event).text);
        else writer.write(resyncText(bus.headId));
      }
      writer.write(`event: ready\nid: ${bus.headId}\ndata: ${bus.headId}\n\n`);
    },
  });

  // What GET would answer, without a body and without taking a slot: a HEAD is a check, not a listener.
  const check = route({
    schema: EVENTS_HEAD_SCHEMA,
    handler: async (request, reply) => {
      if (slots.wouldRefuse(request.ip)) return refuse(reply);
      return reply.headers(STREAM_HEADERS).code(200).send();
    },
  });
  return { stream, check };
}
