import { Gauge, type Registry } from 'prom-client';
import { ALERT_KINDS, type AlertKind } from '../alerts/alertRule';

/** Open alerts by kind, read from the database at each scrape: every instance answers the same (no label per machine). */
export function alertMetrics(registry: Registry, countOpen: () => Promise<Record<AlertKind, number>>): void {
  new Gauge({
    name: 'rvm_alerts_open',
    help: 'Alerts open now (their condition has lasted longer than their rule allows), by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const counts = await countOpen();
      for (const kind of ALERT_KINDS) this.set({ kind }, counts[kind]);
    },
  });
}
