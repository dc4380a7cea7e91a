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
