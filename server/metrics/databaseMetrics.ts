import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Engine, PoolStats } from '../db/engine';

/** Requests that failed on a busy or unreachable database (answered 503 with Retry-After), counted as they fail. */
export function databaseErrorMetrics(app: FastifyInstance, registry: Registry, engine: Engine): void {
  const failed = new Counter({
    name: 'rvm_db_errors_total',
    help: 'Requests that failed because the database was busy (another writer held the lock) or unreachable',
    registers: [registry],
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (engine.isBusyError(error)) failed.inc();
  });
}

/**
 * Which engine runs, and on PostgreSQL its connection pool, read at each scrape. SQLite has no pool: its calls run
 * one at a time on the server's own connection and never queue; a busy database shows as 503 answers.
 */
export function databaseMetrics(registry: Registry, engine: Engine): void {
  new Gauge({
    name: 'rvm_db_info',
    help: 'The storage engine in use (label engine: sqlite or postgres); always 1',
    labelNames: ['engine'] as const,
    registers: [registry],
  }).set({ engine: engine.kind }, 1);
  if (engine.poolStats() === null) return;
  const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = engine.poolStats();
        if (stats) this.set(read(stats));
      },
    });
  pool('rvm_db_pool_connections', 'Connections the PostgreSQL pool holds open, busy or idle', (s) => s.total);
  pool('rvm_db_pool_idle_connections', 'Connections of the pool open and idle', (s) => s.idle);
  pool('rvm_db_pool_waiting_requests', 'Queries waiting for a connection of the pool', (s) => s.waiting);
  pool('rvm_db_pool_max_connections', 'The most connections the pool opens (RVM_PG_POOL_MAX)', (s) => s.max);
}
