import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** From 10 ms (a few hundred machines) to 30 s (far past 50 000). */
const BUILD_BUCKETS_S = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The list call's body, once built: what http/listBody.ts tells of each build. */
export interface BuiltList {
  machines: number;
  byteLength: number;
}

/** Records each build of the list call's body: how long it took, whether it failed, and what it made. */
export function listBuildMetrics(registry: Registry): (seconds: number, built: BuiltList | null) => void {
  const builds = new Counter({
    name: 'rvm_list_builds_total',
    help: "Builds of the list call's body (after each change of the machines), by outcome: ok or failed",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'rvm_list_build_duration_seconds',
    help: "Time to read every machine and write the list call's body",
    buckets: BUILD_BUCKETS_S,
    registers: [registry],
  });
  const machines = new Gauge({
    name: 'rvm_list_machines',
    help: 'Machines in the last list built',
    registers: [registry],
  });
  const bytes = new Gauge({
    name: 'rvm_list_body_bytes',
    help: 'Size of the last list built, before compression, in bytes',
    registers: [registry],
  });
  return (seconds, built) => {
    builds.inc({ outcome: built ? 'ok' : 'failed' });
    duration.observe(seconds);
    if (!built) return;
    machines.set(built.machines);
    bytes.set(built.byteLength);
  };
}
