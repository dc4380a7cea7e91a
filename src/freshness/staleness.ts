import { parseFeedTimestamp } from './feedTimestamp';

/**
 * True when the machine's last report is older than `staleAfterMs` at `nowMs`. Unknown or unreadable
 * `last_online` is not stale (nothing says the status is old); a report from the future (a machine
 * clock ahead of ours) is fresh; exactly `staleAfterMs` old is still fresh.
 */
export function isStale(lastOnline: unknown, nowMs: number, staleAfterMs: number): boolean {
  const reportedAt = parseFeedTimestamp(lastOnline);
  return reportedAt !== null && nowMs - reportedAt > staleAfterMs;
}

/** Whole minutes since `at`, never negative (a clock ahead of ours counts as just now). */
export function minutesSince(atMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - atMs) / 60_000));
}
