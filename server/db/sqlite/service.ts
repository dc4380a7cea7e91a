import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { fromEpisodeRow, type EpisodeRow } from '../episodeKeeping';
import { readPromiseMinutes, storedEpisodesSql } from '../serviceSql';
import type { DistrictEpisode, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';
import { getMeta, setMeta } from './meta';
import type { Db } from './open';

type DistrictRow = EpisodeRow & { district: District };
const inDistricts = (districts: readonly District[]): string =>
  districts.length === 0 ? '' : 'm.district IN (SELECT value FROM json_each(@districts))';

/** SQLite: the service levels' reads and the promise's setting. */
export class SqliteServiceStore implements ServiceStore {
  constructor(private readonly db: Db) {}

  async episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql({ from: '@from', to: '@to' }, inDistricts(districts)), districts, { from, to });
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
