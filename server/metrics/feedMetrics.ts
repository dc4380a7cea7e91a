import { Counter, Gauge, type Registry } from 'prom-client';
import type { FeedStatus } from '../feed/follower';

/** The feed the server follows, read from its status at each scrape. */
export function feedMetrics(registry: Registry, status: () => FeedStatus): void {
  new Gauge({
    name: 'rvm_feed_age_seconds',
    help: 'Seconds since the feed last answered well (since the start, before it first did)',
    registers: [registry],
    collect() {
      this.set(status().ageMs / 1000);
    },
  });
  new Gauge({
    name: 'rvm_feed_stale',
    help: '1 when that is longer ago than RVM_STALE_AFTER_MIN, else 0',
    registers: [registry],
    collect() {
      this.set(status().stale ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rvm_feed_consecutive_failures',
    help: 'Polls of the feed failed in a row (0 once one succeeds)',
    registers: [registry],
    collect() {
      this.set(status().failures);
    },
  });
  new Gauge({
    name: 'rvm_feed_held_deactivation_machines',
    help: 'Machines a held sync would deactivate, waiting for the next answer or an admin (0 when none is held)',
    registers: [registry],
    collect() {
      this.set(status().heldDeactivation?.machines ?? 0);
    },
  });
  new Gauge({
    name: 'rvm_feed_kept_machines',
    help: 'Machines kept active against the feed by holds an admin rejected',
    registers: [registry],
    collect() {
      this.set(status().keptMachines);
    },
  });
  new Counter({
    name: 'rvm_feed_failed_polls_total',
    help: 'Polls of the feed that failed since the server started',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(status().failedPolls);
    },
  });
}
