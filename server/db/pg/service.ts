import type pg from 'pg';
import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { fromEpisodeRow, type EpisodeRow } from '../episodeKeeping';
import { readPromiseMinutes, storedEpisodesSql } from '../serviceSql';
import type { DistrictEpisode, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';
import { inTransaction } from './pool';

type DistrictRow = EpisodeRow & { district: District };
const inDistricts = (districts: readonly District[], placeholder: number): string =>
  districts.length === 0 ? '' : `m.district = ANY($${placeholder}::text[])`;

/** PostgreSQL: the service levels' reads and the promise's setting. */
export class PgServiceStore implements ServiceStore {
  constructor(private readonly pool: pg.Pool) {}

  async episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]> {
    return this.read(storedEpisodesSql({ from: '$1', to: '$2' }, inDistricts(districts, 3)), [from, to], districts);
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
