import type pg from 'pg';
import type { MonthTallies } from '../../../shared/service/monthFigures';
import {
  EMPTIED_FULL,
  monthEpisodesCte,
  tallyDaysSql,
  tallyFailuresSql,
  tallyNearlyFullSql,
  talliesOf,
  type DayTallyRow,
  type FailureRow,
  type TallyDialect,
} from '../serviceSql';
import type { MonthTally } from '../stores/service';

const DIALECT: TallyDialect = {
  from: '$1',
  to: '$2',
  nowMs: '$3::bigint',
  limitMs: '$4::bigint',
  // In double precision: exact to the millisecond for centuries, and faster than extract's numeric.
  ms: (column) => `round(date_part('epoch', ${column}::timestamptz) * 1000)::bigint`,
  // COUNT answers a bigint and SUM a numeric, which the driver answers as strings; float8 holds them exactly.
  count: (aggregate) => `(${aggregate})::float8`,
};

/**
 * The month's tallies in one statement, the CTE read once: the days' and the machines' rows as JSON text, and the
 * percentiles by percentile_disc, the nearest rank (`percentile` in monthFigures.ts).
 */
const tallySql = (inDistricts: string) => `${monthEpisodesCte(DIALECT, inDistricts)}
  SELECT
    (SELECT COALESCE(json_agg(d), '[]')::text FROM (${tallyDaysSql(DIALECT)}) d) AS days,
    (${tallyNearlyFullSql(DIALECT)}) AS nearly_full,
    (SELECT COALESCE(json_agg(f), '[]')::text FROM (${tallyFailuresSql(DIALECT)}) f) AS failures,
    (SELECT (percentile_disc(0.5) WITHIN GROUP (ORDER BY ms))::float8 ${EMPTIED_FULL}) AS median_ms,
    (SELECT (percentile_disc(0.95) WITHIN GROUP (ORDER BY ms))::float8 ${EMPTIED_FULL}) AS p95_ms`;

interface TallyRow {
  days: string;
  nearly_full: number;
  failures: string;
  median_ms: number | null;
  p95_ms: number | null;
}

/** PostgreSQL's month tallies (ServiceStore.monthTallies): one statement with numbered placeholders. */
export async function pgMonthTallies(
  pool: pg.Pool,
  ...[from, to, districts, promiseMinutes, nowMs]: Parameters<MonthTally>
): Promise<MonthTallies> {
  const span = [from, to, nowMs, promiseMinutes * 60_000];
  const inDistricts = districts.length === 0 ? '' : 'm.district = ANY($5::text[])';
  const { rows } = await pool.query<TallyRow>(
    tallySql(inDistricts),
    districts.length === 0 ? span : [...span, districts],
  );
  const { days, nearly_full, failures, median_ms, p95_ms } = rows[0]!;
  const [dayRows, failureRows] = [JSON.parse(days) as DayTallyRow[], JSON.parse(failures) as FailureRow[]];
  return talliesOf(dayRows, nearly_full, failureRows, median_ms, p95_ms);
}
