import type { FeedStatusAnswer } from '../../shared/contract/feedStatus';
import { isRecord } from '../../shared/isRecord';

/** What the page knows of the feed the server follows (`POST /api/feed/`), placed on the page's own clock. */
export interface FeedFreshness {
  /** When the feed last answered, on the page's clock; null when it has not since the server has known it. */
  syncedAtMs: number | null;
  /** Since when the server has been waiting for the feed (the last sync, or its start), on the page's clock. */
  waitingSinceMs: number;
  /** The server's own verdict when it answered. */
  stale: boolean;
}

/**
 * The answer of `POST /api/feed/` (its contract: shared/contract/feedStatus.ts, read here by hand so that the
 * visitor's first load carries no schema) received at `receivedAtMs`, or null when it is not one or the server
 * follows no feed. The server says how long ago the feed answered (`age_ms`) rather than only when, so that a page
 * whose clock is off still counts the age right.
 */
export function parseFeedStatus(body: unknown, receivedAtMs: number): FeedFreshness | null {
  if (!isRecord(body) || body.success !== true || body.following !== true) return null;
  const { age_ms: age, synced_at: syncedAt, stale } = body as Partial<Record<keyof FeedStatusAnswer, unknown>>;
  if (typeof age !== 'number' || !Number.isFinite(age) || age < 0) return null;
  const waitingSinceMs = receivedAtMs - age;
  return {
    syncedAtMs: typeof syncedAt === 'string' ? waitingSinceMs : null,
    waitingSinceMs,
    stale: stale === true,
  };
}

/** Stale when the server said so, or when, by the page's clock, the feed has been silent for too long since. */
export function isFeedStale(feed: FeedFreshness, nowMs: number, staleAfterMs: number): boolean {
  return feed.stale || nowMs - feed.waitingSinceMs > staleAfterMs;
}
