import { STATUSES, type Status } from '../../../shared/machine';
import { parseFeedTimestamp } from '../../../shared/feedTimestamp';
import { displayStateOf, type DisplayState } from '../../machines/displayState';
import { isRecord } from '../../../shared/isRecord';

/** One state of a machine from `GET /api/rvm/:id/history`, as far as the charts read it. */
export interface StateEntry {
  at: number;
  status: Status | null;
  under_maintenance: boolean;
  service_status: number;
  deactivated: boolean;
}

/** How the public saw the machine: its display state, or not at all (deactivated). */
export type TimelineState = DisplayState | 'deactivated';
/** From the bottom of the states chart up. */
export const TIMELINE_STATES: readonly TimelineState[] = [
  'deactivated',
  'maintenance',
  'available',
  'nearlyFull',
  'full',
];

export const timelineStateOf = (entry: Omit<StateEntry, 'at'>): TimelineState =>
  entry.deactivated ? 'deactivated' : displayStateOf(entry);

/** The entries of one history answer, oldest first; a malformed entry is left out. */
export function parseStateEntries(body: unknown): StateEntry[] {
  const history = isRecord(body) ? body.history : undefined;
  if (!Array.isArray(history)) return [];
  return history.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const at = parseFeedTimestamp(entry.at);
    if (at === null) return [];
    return [
      {
        at,
        status: (STATUSES as readonly unknown[]).includes(entry.status) ? (entry.status as Status) : null,
        under_maintenance: entry.under_maintenance === true,
        service_status: typeof entry.service_status === 'number' ? entry.service_status : 0,
        deactivated: entry.deactivated === true,
      },
    ];
  });
}

export interface StatePoint {
  at: number;
  state: TimelineState;
}

/**
 * The machine's states from `sinceMs` to `nowMs` as steps: one point per change, then the state it is in now.
 * With no change in the window the machine was as it is now all along (every change is recorded); otherwise the
 * time before the first change is not known and the steps start there.
 */
export function statePoints(entries: readonly StateEntry[], current: StateEntry, sinceMs: number): StatePoint[] {
  const inWindow = entries.filter((entry) => entry.at >= sinceMs && entry.at <= current.at);
  const points: StatePoint[] = [];
  if (inWindow.length === 0) points.push({ at: sinceMs, state: timelineStateOf(current) });
  for (const entry of inWindow) {
    const state = timelineStateOf(entry);
    if (points.at(-1)?.state !== state) points.push({ at: entry.at, state });
  }
  points.push({ at: current.at, state: points.at(-1)?.state ?? timelineStateOf(current) });
  return points;
}

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
const HK_OFFSET_MS = 8 * MS_PER_HOUR;

export interface DayFull {
  /** The day on Hong Kong's calendar, YYYY-MM-DD. */
  day: string;
  /** Hours the status was Full that day; null for a day before anything is known. */
  hours: number | null;
}

/**
 * Hours with the status Full on each of the `days` Hong Kong days up to today (today so far), from the states
 * `entries` record and the state it is in now (`current.at` is now).
 */
export function fullHoursByDay(entries: readonly StateEntry[], current: StateEntry, days: number): DayFull[] {
  const nowMs = current.at;
  const todayStart = Math.floor((nowMs + HK_OFFSET_MS) / MS_PER_DAY) * MS_PER_DAY - HK_OFFSET_MS;
  const firstDay = todayStart - (days - 1) * MS_PER_DAY;
  const sorted = entries.filter((entry) => entry.at <= nowMs).sort((a, b) => a.at - b.at);
  // Spans of a known status: from each entry to the next, the last to now; with no entry, now's state all along.
  const spans: { from: number; to: number; full: boolean }[] = [];
  const before = sorted.filter((entry) => entry.at < firstDay).at(-1);
  const within = sorted.filter((entry) => entry.at >= firstDay);
  const starts = before ? [{ ...before, at: firstDay }, ...within] : within;
  if (starts.length === 0) spans.push({ from: firstDay, to: nowMs, full: current.status === 'Full' });
  starts.forEach((entry, k) =>
    spans.push({ from: entry.at, to: starts[k + 1]?.at ?? nowMs, full: entry.status === 'Full' }),
  );
  const knownFrom = spans[0]?.from ?? nowMs;
  return Array.from({ length: days }, (_, k) => {
    const start = firstDay + k * MS_PER_DAY;
    const end = Math.min(start + MS_PER_DAY, nowMs);
    const day = new Date(start + HK_OFFSET_MS).toISOString().slice(0, 10);
    if (end <= knownFrom) return { day, hours: null };
    let fullMs = 0;
    for (const span of spans) {
      if (!span.full) continue;
      fullMs += Math.max(0, Math.min(span.to, end) - Math.max(span.from, start));
    }
    return { day, hours: Math.round((fullMs / MS_PER_HOUR) * 10) / 10 };
  });
}
