import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { fromEpisodeRow, type EpisodeRow } from '../episodeKeeping';
import { percentile, type MonthTallies } from '../../../shared/service/monthFigures';
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
import { getMeta, setMeta } from './meta';
import type { Db } from './open';

type DistrictRow = EpisodeRow & { district: District };
const inDistricts = (districts: readonly District[]): string =>
  districts.length === 0 ? '' : 'm.district IN (SELECT value FROM json_each(@districts))';

/** The month's tallies' SQL on SQLite (serviceSql.ts). */
export const SQLITE_TALLY_DIALECT: TallyDialect = {
  from: '@from',
  to: '@to',
  nowMs: '@nowMs',
  limitMs: '@limitMs',
  // SQLite keeps a time as whole milliseconds (its iJD), so this is exact.
  ms: (column) => `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`,
  count: (aggregate) => aggregate,
};

/** SQLite: the service levels' reads and the promise's setting. */
export class SqliteServiceStore implements ServiceStore {
  constructor(private readonly db: Db) {}

  async episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql({ from: '@from', to: '@to' }, inDistricts(districts)), districts, { from, to });
  }

  async monthTallies(
    from: string,
    to: string,
    districts: readonly District[],
    promiseMinutes: number,
    nowMs: number,
  ): Promise<MonthTallies> {
    const { db } = this;
    const cte = monthEpisodesCte(SQLITE_TALLY_DIALECT, inDistricts(districts));
    const params = {
      from,
      to,
      nowMs,
      limitMs: promiseMinutes * 60_000,
      ...(districts.length === 0 ? {} : { districts: JSON.stringify(districts) }),
    };
    // One read transaction, so that the four reads see the same episodes.
    return db
      .transaction(() => {
        const days = db.prepare(`${cte} ${tallyDaysSql(SQLITE_TALLY_DIALECT)}`).all(params) as DayTallyRow[];
        const nearlyFull = db
          .prepare(`${cte} ${tallyNearlyFullSql(SQLITE_TALLY_DIALECT)}`)
          .pluck()
          .get(params) as number;
        const failures = db.prepare(`${cte} ${tallyFailuresSql(SQLITE_TALLY_DIALECT)}`).all(params) as FailureRow[];
        // SQLite has no percentile: the lengths come sorted, and the nearest ranks are taken here.
        const toEmpty = db.prepare(`${cte} SELECT ms ${EMPTIED_FULL} ORDER BY ms`).pluck().all(params) as number[];
        return talliesOf(days, nearlyFull, failures, percentile(toEmpty, 0.5), percentile(toEmpty, 0.95));
      })
      .deferred();
  }

  async openEpisodes(districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql(null, inDistricts(districts)), districts, {});
  }

  private read(sql: string, districts: readonly District[], span: Record<string, string>): DistrictEpisode[] {
    const params = districts.length === 0 ? span : { ...span, districts: JSON.stringify(districts) };
    const rows = this.db.prepare(sql).all(params) as DistrictRow[];
    return rows.map((row) => ({ episode: fromEpisodeRow(row), district: row.district }));
  }

  async promiseMinutes(): Promise<number> {
    return readPromiseMinutes(getMeta(this.db, PROMISE_MINUTES_META_KEY));
  }

  async setPromiseMinutes(minutes: number, change: AccessChange): Promise<void> {
    const { db } = this;
    db.transaction(() => {
      setMeta(db, PROMISE_MINUTES_META_KEY, String(minutes));
      db.prepare(`INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
        ...rec.changeValues(change),
      );
    }).immediate();
  }
}
