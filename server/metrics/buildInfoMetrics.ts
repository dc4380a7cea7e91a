import { Gauge, type Registry } from 'prom-client';
import { BUILD_INFO } from '../buildInfo';

/**
 * What runs: the package's version, the commit it was built from, Node's version and the storage engine, as labels
 * of a gauge that is always 1 (Prometheus's `*_build_info` convention: join on it, count versions during a rollout).
 */
export function buildInfoMetrics(registry: Registry, engine: 'sqlite' | 'postgres'): void {
  new Gauge({
    name: 'rvm_build_info',
    help: 'The version, commit, Node.js and storage engine this instance runs; always 1',
    labelNames: ['version', 'commit', 'node', 'engine'] as const,
    registers: [registry],
  }).set({ version: BUILD_INFO.version, commit: BUILD_INFO.commit, node: process.version, engine }, 1);
}
