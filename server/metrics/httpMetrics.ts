import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The `route` label of a request no route matched (the not-found handler, page routes such as /login). */
export const UNMATCHED_ROUTE = 'unmatched';

/** From 5 ms to 10 s: a cached list answers in about a millisecond, a rebuild of 50 000 machines takes seconds. */
const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LABELS = ['method', 'route', 'status_code'] as const;

/**
 * Whether this answer was an event stream, as the route's schema declares its 200: such a stream stays open for as
 * long as the page does, and Fastify tells of its end only when the server ends it, so rvm_event_streams_open
 * counts it instead. Its refusals (503) are ordinary answers.
 */
function isEventStream(request: FastifyRequest, statusCode: number): boolean {
  if (statusCode !== 200) return false;
  const response = request.routeOptions.schema?.response as Record<string, { content?: object }> | undefined;
  return response?.[200]?.content !== undefined && 'text/event-stream' in response[200].content;
}

/**
 * Counts and times every answer by method, route pattern and status. The pattern (`/api/file/:id`), never the URL:
 * one series per route, however many ids are asked for. Open event streams are left to their gauge.
 */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'rvm_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: LABELS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'rvm_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status code',
    labelNames: LABELS,
    buckets: DURATION_BUCKETS_S,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (isEventStream(request, reply.statusCode)) return done();
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
