import type { Machine } from '../../shared/machine';
import { mulberry32, syntheticMachines } from '../../testkit/fixtures/syntheticMachines';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The operator's fleet for the console's benchmarks: the synthetic machines with the feed's times a console sorts
 * and filters by (last report within two hours, last emptied within three days, full since up to two days for a
 * machine that is full) and one in fifty deactivated; the same machines on every run.
 */
export function fleetMachines(count: number, nowMs: number): Machine[] {
  const random = mulberry32(20261128);
  const ago = (hours: number) => new Date(nowMs - random() * hours * HOUR_MS).toISOString();
  return syntheticMachines(count).map((machine) => ({
    ...machine,
    last_online: ago(2),
    last_emptied_at: ago(72),
    last_full: machine.status === 'Full' ? ago(48) : null,
    deactivated: random() < 0.02,
  }));
}
