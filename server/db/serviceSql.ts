import type { EpisodeEntry } from '../../shared/service/episodes';
import { DEFAULT_PROMISE_MINUTES } from './serviceStore';

/** What differs between the engines in the spans' statement. */
export interface SpanDialect {
  /** A boolean column as 0 or 1. */
  bit(column: string): string;
  /** The condition on `m.district` for the caller's districts (a placeholder), or '' for every district. */
  inDistricts: string;
  from: string;
  to: string;
  /**
   * The machines `m`, then each one's history `h` where `on` holds, through its (machine_id, at) index machine by
   * machine (SQLite is told the order and the indexes; PostgreSQL gets a LATERAL subquery per machine).
   */
  machinesThenHistory(on: string): string;
}

/**
 * The spans' statement: each machine's entries in [from, to) and its last one before, coded by what the episodes
 * read (fill level, maintenance, out of service, deactivated), and of those only the entries whose code differs
 * from the one before, or that report an emptying while full. A year of history at a change every 15 minutes keeps
 * 35,000 entries a machine; most change the fill level between `>40%` and `<=20%` and are left in the database.
 */
export function spansSql({ bit, inDistricts, from, to, machinesThenHistory }: SpanDialect): string {
  const code = `(CASE h.status WHEN 'Full' THEN 2 WHEN '<=5%' THEN 1 ELSE 0 END) + 3 * ${bit('h.under_maintenance')}
      + 6 * (CASE WHEN h.service_status = 1 THEN 1 ELSE 0 END) + 12 * ${bit('h.deactivated')}`;
  const districts = inDistricts === '' ? '' : `WHERE ${inDistricts}`;
  return `WITH coded AS (
    SELECT h.id, h.machine_id, m.district, h.at, h.status, h.under_maintenance, h.service_status, h.deactivated,
      h.last_emptied_at, ${code} AS code,
      LAG(${code}) OVER w AS previous_code,
      LAG(h.last_emptied_at) OVER w AS previous_emptied
    FROM ${machinesThenHistory(`h.machine_id = m.id
      AND h.at >= COALESCE(
        (SELECT MAX(p.at) FROM machine_history p WHERE p.machine_id = m.id AND p.at < ${from}), ${from})
      AND h.at < ${to}`)}
    ${districts}
    WINDOW w AS (PARTITION BY m.id ORDER BY h.at, h.id)
  )
  SELECT machine_id, district, at, status, under_maintenance, service_status, deactivated, last_emptied_at FROM coded
  WHERE previous_code IS NULL OR code <> previous_code
    OR (code % 3 > 0 AND last_emptied_at IS NOT NULL AND (previous_emptied IS NULL OR last_emptied_at <> previous_emptied))
  ORDER BY machine_id, at, id`;
}

export interface SpanRow extends EpisodeEntry {
  machine_id: string;
  district: string;
}

/** The rows, a machine's after another's, as spans. */
export function groupSpans<R extends SpanRow>(
  rows: readonly R[],
  toEntry: (row: R) => EpisodeEntry,
): { machineId: string; district: string; entries: EpisodeEntry[] }[] {
  const spans: { machineId: string; district: string; entries: EpisodeEntry[] }[] = [];
  for (const row of rows) {
    const last = spans.at(-1);
    const entry = toEntry(row);
    if (last?.machineId === row.machine_id) last.entries.push(entry);
    else spans.push({ machineId: row.machine_id, district: row.district, entries: [entry] });
  }
  return spans;
}

/** The stored setting, or the default when it is absent or unreadable. */
export function readPromiseMinutes(stored: string | undefined): number {
  const minutes = Number(stored);
  return stored !== undefined && Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_PROMISE_MINUTES;
}
