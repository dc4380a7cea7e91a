import { EPISODE_KINDS } from '../../shared/service/episodes';
import { hongKongDayOfNumber } from '../../shared/service/hongKongTime';
import type { MonthTallies } from '../../shared/service/monthFigures';
import { DEFAULT_PROMISE_MINUTES } from './serviceStore';

/**
 * One machine's history as its episodes are made of: its entries coded by what the episodes read (fill level,
 * maintenance, out of service, deactivated), and of those only the entries whose code differs from the one before,
 * or that report an emptying while full. A year at a change every 15 minutes is 35,000 entries a machine; most
 * change the fill level between `>40%` and `<=20%` and stay in the database. `bit` reads a boolean column as 0 or 1.
 */
export function historyChangesSql(bit: (column: string) => string, machine: string): string {
  const code = `(CASE status WHEN 'Full' THEN 2 WHEN '<=5%' THEN 1 ELSE 0 END) + 3 * ${bit('under_maintenance')}
      + 6 * (CASE WHEN service_status = 1 THEN 1 ELSE 0 END) + 12 * ${bit('deactivated')}`;
  return `WITH coded AS (
    SELECT id, at, status, under_maintenance, service_status, deactivated, last_emptied_at, ${code} AS code,
      LAG(${code}) OVER w AS previous_code, LAG(last_emptied_at) OVER w AS previous_emptied
    FROM machine_history WHERE machine_id = ${machine}
    WINDOW w AS (ORDER BY at, id)
  )
  SELECT at, status, under_maintenance, service_status, deactivated, last_emptied_at FROM coded
  WHERE previous_code IS NULL OR code <> previous_code
    OR (code % 3 > 0 AND last_emptied_at IS NOT NULL AND (previous_emptied IS NULL OR last_emptied_at <> previous_emptied))
  ORDER BY at, id`;
}

/**
 * The machines with a history, one probe of the (machine_id, at) index each: a DISTINCT would read every entry, 35
 * million at a year of 1,000 machines.
 */
export const HISTORY_MACHINES_SQL = `WITH RECURSIVE ids (id) AS (
    SELECT MIN(machine_id) FROM machine_history
    UNION ALL
    SELECT (SELECT MIN(machine_id) FROM machine_history WHERE machine_id > ids.id) FROM ids WHERE ids.id IS NOT NULL
  )
  SELECT id FROM ids WHERE id IS NOT NULL`;

/**
 * The stored episodes with their machine's district (machines that are gone are left out): those that started in
 * [from, to) with `started`, else the open ones; `inDistricts` is the condition on `m.district`, or ''.
 */
export function storedEpisodesSql(started: { from: string; to: string } | null, inDistricts: string): string {
  const which = started ? `e.from_at >= ${started.from} AND e.from_at < ${started.to}` : 'e.to_at IS NULL';
  return `SELECT e.machine_id, m.district, e.kind, e.from_at, e.to_at, e.ended
    FROM service_episodes e JOIN machines m ON m.id = e.machine_id
    WHERE ${which}${inDistricts === '' ? '' : ` AND ${inDistricts}`}
    ORDER BY e.from_at, e.machine_id, ${kindOrder('e.kind')}`;
}

const kindOrder = (column: string): string =>
  `CASE ${column} ${EPISODE_KINDS.map((kind, i) => `WHEN '${kind}' THEN ${i}`).join(' ')} END`;

/** The stored setting, or the default when it is absent or unreadable. */
export function readPromiseMinutes(stored: string | undefined): number {
  const minutes = Number(stored);
  return stored !== undefined && Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_PROMISE_MINUTES;
}

/** What the month's tallies' SQL needs of an engine: its placeholders and two expressions. */
export interface TallyDialect {
  /** Placeholders: the month's span (ISO 8601), now and the promise (whole milliseconds). */
  from: string;
  to: string;
  nowMs: string;
  limitMs: string;
  /** An ISO 8601 text column as whole milliseconds since 1970 (null stays null). */
  ms: (column: string) => string;
  /** An integer aggregate as the driver answers a number. */
  count: (aggregate: string) => string;
}

const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The month's full and nearly full episodes (those that started in it, of machines still there, in `inDistricts`),
 * a full one with its Hong Kong day number (hongKongTime.ts) and length in milliseconds, an open one up to now (a
 * nearly full one is only counted: its times are not read, half the parsing): an index range of
 * `service_episodes_kind_from`, which holds every column read (migration 21).
 */
export function monthEpisodesCte(d: TallyDialect, inDistricts: string): string {
  return `WITH timed AS (
    SELECT e.machine_id, e.kind, e.ended,
      CASE WHEN e.kind = 'full' THEN ${d.ms('e.from_at')} END AS from_ms,
      CASE WHEN e.kind = 'full' THEN ${d.ms('e.to_at')} END AS to_ms
    FROM service_episodes e JOIN machines m ON m.id = e.machine_id
    WHERE e.kind IN ('full', 'nearlyFull') AND e.from_at >= ${d.from} AND e.from_at < ${d.to}${
      inDistricts === '' ? '' : ` AND ${inDistricts}`
    }
  ), month AS (
    SELECT machine_id, kind, ended, (from_ms + ${HONG_KONG_OFFSET_MS}) / ${DAY_MS} AS day,
      COALESCE(to_ms, ${d.nowMs}) - from_ms AS ms
    FROM timed
  )`;
}

/** Per Hong Kong day of the CTE: its full episodes, kept, broken and their length together. */
export const tallyDaysSql = (d: TallyDialect): string => `SELECT day, ${d.count('COUNT(*)')} AS episodes,
    ${d.count(`SUM(CASE WHEN ms <= ${d.limitMs} AND ended = 'emptied' THEN 1 ELSE 0 END)`)} AS kept,
    ${d.count(`SUM(CASE WHEN ms > ${d.limitMs} THEN 1 ELSE 0 END)`)} AS broken,
    ${d.count('SUM(ms)')} AS full_ms
  FROM month WHERE kind = 'full' GROUP BY day`;

/** The CTE's nearly full episodes: counted apart, so that the days' grouping sorts the full ones only. */
export const tallyNearlyFullSql = (d: TallyDialect): string =>
  `SELECT ${d.count('COUNT(*)')} FROM month WHERE kind = 'nearlyFull'`;

/** Per machine of the CTE that broke the promise: how often, and the milliseconds past it together. */
export const tallyFailuresSql = (d: TallyDialect): string => `SELECT machine_id,
    ${d.count('COUNT(*)')} AS broken, ${d.count(`SUM(ms) - COUNT(*) * ${d.limitMs}`)} AS late_ms
  FROM month WHERE kind = 'full' AND ms > ${d.limitMs} GROUP BY machine_id`;

/** The emptied full episodes of the CTE (the lengths the percentiles read). */
export const EMPTIED_FULL = `FROM month WHERE kind = 'full' AND ended = 'emptied'`;

/** A day's row of `tallyDaysSql`, and a machine's of `tallyFailuresSql`. */
export interface DayTallyRow {
  day: number;
  episodes: number;
  kept: number;
  broken: number;
  full_ms: number;
}
export interface FailureRow {
  machine_id: string;
  broken: number;
  late_ms: number;
}

/** The tallies from the rows (the days' numbers as dates). */
export function talliesOf(
  days: readonly DayTallyRow[],
  nearlyFullEpisodes: number,
  failures: readonly FailureRow[],
  medianMsToEmpty: number | null,
  p95MsToEmpty: number | null,
): MonthTallies {
  return {
    days: days.map((day) => ({
      day: hongKongDayOfNumber(day.day),
      episodes: day.episodes,
      kept: day.kept,
      broken: day.broken,
    })),
    nearlyFullEpisodes,
    fullMs: days.reduce((total, day) => total + day.full_ms, 0),
    failures: failures.map((row) => ({ machineId: row.machine_id, broken: row.broken, lateMs: row.late_ms })),
    medianMsToEmpty,
    p95MsToEmpty,
  };
}
