/** The longest wait between two polls of a failing feed, in intervals. */
export const BACKOFF_CAP_INTERVALS = 16;

/**
 * How long to wait after `failures` failed polls in a row (at least 1): twice as long after each, from one to
 * `BACKOFF_CAP_INTERVALS` intervals, and then a random part of the upper half of that, so that the servers
 * following one feed do not all come back to it at the same moment. `random` is in [0, 1).
 */
export function backoffDelayMs(failures: number, intervalMs: number, random: number): number {
  const ceiling = intervalMs * Math.min(BACKOFF_CAP_INTERVALS, 2 ** Math.max(1, failures));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
