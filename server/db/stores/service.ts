import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { fromEpisodeRow, type EpisodeRow } from '../episodeKeeping';
import type { Executor } from '../executor';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { readPromiseMinutes, storedEpisodesSql } from '../serviceSql';
import type { DistrictEpisode, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';

type DistrictRow = EpisodeRow & { district: District };

/** The condition on the machine's district: an array on PostgreSQL, JSON text on SQLite. */
const IN_DISTRICTS: Record<Executor['dialect'], string> = {
  postgres: 'm.district = ANY(CAST(? AS text[]))',
  sqlite: 'm.district IN (SELECT value FROM json_each(?))',
};

/**
 * The month's tallies, aggregated in the database: in each engine's own SQL (PostgreSQL's percentile_disc in one
 * statement, SQLite's four reads in one transaction), since the one-SQL executor cannot repeat a placeholder.
 */
export type MonthTally = ServiceStore['monthTallies'];

/** The service levels' reads of the stored episodes, and the promise's setting. */
export class ServiceSql implements ServiceStore {
  constructor(
    private readonly db: Executor,
    readonly monthTallies: MonthTally,
  ) {}

  episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read({ from: '?', to: '?' }, [from, to], districts);
  }

  openEpisodes(districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(null, [], districts);
  }

  private async read(
    started: { from: string; to: string } | null,
    span: string[],
    districts: readonly District[],
  ): Promise<DistrictEpisode[]> {
    const filtered = districts.length > 0;
    const sql = storedEpisodesSql(started, filtered ? IN_DISTRICTS[this.db.dialect] : '');
    const rows = await this.db.all<DistrictRow>(sql, filtered ? [...span, districts] : span);
    return rows.map((row) => ({ episode: fromEpisodeRow(row), district: row.district }));
  }

  async promiseMinutes(): Promise<number> {
    const row = await this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [
      PROMISE_MINUTES_META_KEY,
    ]);
    return readPromiseMinutes(row?.value);
  }

  async setPromiseMinutes(minutes: number, change: AccessChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [PROMISE_MINUTES_META_KEY, String(minutes)],
      );
      await tx.run(
        `INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        rec.changeValues(change),
      );
    });
  }
}
