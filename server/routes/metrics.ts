import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { bearerMatches } from '../security/adminToken';
import { errorAnswer, OPERATOR_SECURITY, SERVER_ERRORS } from './apiSchemas';
import { refuseOtherMethods } from './methodNotAllowed';

const ROUTE = '/api/metrics';
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
  description: 'Requests, list builds, event streams, the feed, the database pool and the process (docs/deploy.md).',
  security: OPERATOR_SECURITY,
  response: {
    200: {
      description: "Prometheus's text format",
      content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
    },
    401: errorAnswer('unauthorized: no operator token, or a wrong one'),
    429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
    ...SERVER_ERRORS,
  },
} as const;

/** `GET /api/metrics`: the server's metrics, for the operator only (its token, as the operator's calls). */
export function registerMetricsRoute(app: FastifyInstance, metrics: MetricsText, adminToken: string | null): void {
  app.get(ROUTE, {
    schema: METRICS_SCHEMA,
    config: { rateLimit: { max: METRICS_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
    preHandler: async (request) => {
      if (!bearerMatches(request.headers.authorization, adminToken)) throw new ApiError(401, 'unauthorized');
    },
    handler: async (_request, reply) =>
      reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.text()),
  });
  refuseOtherMethods(app, [ROUTE], ['GET']);
}
