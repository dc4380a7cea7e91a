import { STATUSES, type Status } from '../../shared/machine';
import { parseFeedTimestamp } from '../../shared/feedTimestamp';

/** One entry of `GET /api/rvm/:id/history`, as far as the card reads it. */
export interface HistoryState {
  at: number;
  status: Status | null;
}

export interface HistoryTimes {
  /** When the machine last became Full. */
  lastFullMs: number | null;
  /** When its remaining capacity last went up: only emptying makes room in a bin. */
  lastEmptiedMs: number | null;
}

/** Remaining capacity from least to most: Full, <=5%, <=20%, <=40%, >40%. */
const capacityRank = (status: Status | null): number | null => (status === null ? null : STATUSES.indexOf(status));

/** Reads the entries of a history answer, oldest first; anything malformed is left out. */
export function parseHistory(body: unknown): HistoryState[] {
  if (typeof body !== 'object' || body === null) return [];
  const entries = (body as { history?: unknown }).history;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { at, status } = entry as Record<string, unknown>;
    const ms = parseFeedTimestamp(at);
    if (ms === null) return [];
    return [{ at: ms, status: (STATUSES as readonly unknown[]).includes(status) ? (status as Status) : null }];
  });
}

/** When the machine last became Full and was last emptied, by its history (oldest first). */
export function historyTimes(entries: readonly HistoryState[]): HistoryTimes {
  let lastFullMs: number | null = null;
  let lastEmptiedMs: number | null = null;
  let previous: HistoryState | null = null;
  for (const entry of entries) {
    if (entry.status === 'Full' && previous?.status !== 'Full') lastFullMs = entry.at;
    const before = capacityRank(previous?.status ?? null);
    const now = capacityRank(entry.status);
    if (before !== null && now !== null && now > before) lastEmptiedMs = entry.at;
    previous = entry;
  }
  return { lastFullMs, lastEmptiedMs };
}
