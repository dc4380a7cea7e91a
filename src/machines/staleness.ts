import { parseFeedTimestamp } from '../../shared/feedTimestamp';

/**
 * True when the machine's last report is older than `staleAfterMs` at `nowMs`. Unknown or unreadable
 * `last_online` is not stale (nothing says the status is old); a report from the future (a machine
 * clock ahead of ours) is fresh; exactly `staleAfterMs` old is still fresh.
 */
export function isStale(lastOnline: unknown, nowMs: number, staleAfterMs: number): boolean {
  return isStaleAt(parseFeedTimestamp(lastOnline), nowMs, staleAfterMs);
}

/** isStale for a report time already read as epoch ms (null or NaN when unknown). */
export function isStaleAt(reportedAtMs: number | null, nowMs: number, staleAfterMs: number): boolean {
  return reportedAtMs !== null && !Number.isNaN(reportedAtMs) && nowMs - reportedAtMs > staleAfterMs;
}
