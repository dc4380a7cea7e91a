import { Gauge, type Registry } from 'prom-client';

/** The event streams open now (GET /api/events), read at each scrape. */
export function streamMetrics(registry: Registry, openStreams: () => number): void {
  new Gauge({
    name: 'rvm_event_streams_open',
    help: 'Event streams (GET /api/events) open now',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
}
