import type {} from '@fastify/rate-limit';
import { errorAnswer, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;
/** A scrape a second, far more often than Prometheus asks (15 s or more); throttles token guessing too. */
export const METRICS_RATE_LIMIT_PER_MINUTE = 60;

/** What the route reads: server/metrics/serverMetrics.ts. */
export interface MetricsText {
  readonly contentType: string;
  text(): Promise<string>;
}

export const METRICS_SCHEMA = {
  tags: ['operations'],
  operationId: 'getMetrics',
  summary: 'Metrics for Prometheus',
  description:
    'Requests, list builds, event streams, the feed, the database pool and the process (docs/deploy.md). An admin: ' +
    'the operator token (as Prometheus sends it), or an admin signed in.',
  security: CONSOLE_SECURITY,
  response: {
    200: {
      description: "Prometheus's text format",
      content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
    },
    401: errorAnswer('unauthorized: no session and no operator token, or a wrong one'),
    403: consoleErrorAnswer('forbidden: not an admin; passwordChangeRequired'),
    429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
    ...SERVER_ERRORS,
  },
} as const;

/** `GET /api/metrics`: the server's metrics, for an admin only (the operator token, as Prometheus sends it). */
export function metricsRoutes({ metrics }: { metrics: MetricsText }) {
  return {
    metrics: route({
      schema: METRICS_SCHEMA,
      config: { rateLimit: { max: METRICS_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
      handler: async (_request, reply) =>
        reply
          .type(metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.text()),
    }),
  };
}
