import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Engine } from '../db/engine';
import type { FeedStatus } from '../feed/follower';
import { alertMetrics } from './alertMetrics';
import { buildInfoMetrics } from './buildInfoMetrics';
import { databaseErrorMetrics, databaseMetrics } from './databaseMetrics';
import { feedMetrics } from './feedMetrics';
import { observeRequests } from './httpMetrics';
import { listBuildMetrics, type BuiltList } from './listMetrics';
import { processMetrics } from './processMetrics';
import { streamMetrics } from './streamMetrics';

/**
 * One app's metrics for Prometheus, in a registry of its own (two apps in one process count apart), with the
 * process's beside them. Requests and the database are watched from the start; the rest is handed in as the app
 * wires it.
 */
export class ServerMetrics {
  private readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  /** For http/listBody.ts: each build of the list call's body, its time in seconds, and what it made (null: failed). */
  readonly listBuilt: (seconds: number, built: BuiltList | null) => void;

  constructor(app: FastifyInstance, engine: Engine) {
    observeRequests(app, this.registry);
    buildInfoMetrics(this.registry, engine.kind);
    databaseMetrics(this.registry, engine);
    databaseErrorMetrics(app, this.registry, engine);
    this.listBuilt = listBuildMetrics(this.registry);
    alertMetrics(this.registry, () => engine.alerts.countOpen());
  }

  watchEventStreams(openStreams: () => number): void {
    streamMetrics(this.registry, openStreams);
  }

  watchFeed(status: () => FeedStatus): void {
    feedMetrics(this.registry, status);
  }

  /** Every metric in Prometheus's text format, read now. */
  text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
