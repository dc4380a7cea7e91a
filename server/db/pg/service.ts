import type pg from 'pg';
import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { fromEpisodeRow, type EpisodeRow } from '../episodeKeeping';
import type { MonthTallies } from '../../../shared/service/monthFigures';
import {
  EMPTIED_FULL,
  monthEpisodesCte,
  readPromiseMinutes,
  storedEpisodesSql,
  tallyDaysSql,
  tallyFailuresSql,
  tallyNearlyFullSql,
  talliesOf,
  type DayTallyRow,
  type FailureRow,
  type TallyDialect,
} from '../serviceSql';
import type { DistrictEpisode, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';
import { inTransaction } from './pool';

type DistrictRow = EpisodeRow & { district: District };
const inDistricts = (districts: readonly District[], placeholder: number): string =>
  districts.length === 0 ? '' : `m.district = ANY($${placeholder}::text[])`;

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

/** PostgreSQL: the service levels' reads and the promise's setting. */
export class PgServiceStore implements ServiceStore {
  constructor(private readonly pool: pg.Pool) {}

  async episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql({ from: '$1', to: '$2' }, inDistricts(districts, 3)), [from, to], districts);
  }

  async monthTallies(
    from: string,
    to: string,
    districts: readonly District[],
    promiseMinutes: number,
    nowMs: number,
  ): Promise<MonthTallies> {
    const span = [from, to, nowMs, promiseMinutes * 60_000];
    const { rows } = await this.pool.query<TallyRow>(
      tallySql(inDistricts(districts, 5)),
      districts.length === 0 ? span : [...span, districts],
    );
    const { days, nearly_full, failures, median_ms, p95_ms } = rows[0]!;
    const [dayRows, failureRows] = [JSON.parse(days) as DayTallyRow[], JSON.parse(failures) as FailureRow[]];
    return talliesOf(dayRows, nearly_full, failureRows, median_ms, p95_ms);
  }

  async openEpisodes(districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql(null, inDistricts(districts, 1)), [], districts);
  }

  private async read(sql: string, span: string[], districts: readonly District[]): Promise<DistrictEpisode[]> {
    const { rows } = await this.pool.query<DistrictRow>(sql, districts.length === 0 ? span : [...span, districts]);
    return rows.map((row) => ({ episode: fromEpisodeRow(row), district: row.district }));
  }

  async promiseMinutes(): Promise<number> {
    const { rows } = await this.pool.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [
      PROMISE_MINUTES_META_KEY,
    ]);
    return readPromiseMinutes(rows[0]?.value);
  }

  async setPromiseMinutes(minutes: number, change: AccessChange): Promise<void> {
    await inTransaction(this.pool, {}, async (client) => {
      await client.query(
        'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [PROMISE_MINUTES_META_KEY, String(minutes)],
      );
      await client.query(
        `INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        rec.changeValues(change),
      );
    });
  }
}
