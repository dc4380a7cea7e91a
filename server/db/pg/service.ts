import type pg from 'pg';
import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { groupSpans, readPromiseMinutes, spansSql, type SpanRow } from '../serviceSql';
import type { MachineSpan, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';
import { inTransaction } from './pool';

/** PostgreSQL: the service levels' reads and the promise's setting. */
export class PgServiceStore implements ServiceStore {
  constructor(private readonly pool: pg.Pool) {}

  async spans(from: string, to: string, districts: readonly District[]): Promise<MachineSpan[]> {
    const sql = spansSql({
      bit: (column) => `(CASE WHEN ${column} THEN 1 ELSE 0 END)`,
      inDistricts: districts.length === 0 ? '' : 'm.district = ANY($3::text[])',
      from: '$1',
      to: '$2',
      machinesThenHistory: (on) => `machines m CROSS JOIN LATERAL (SELECT * FROM machine_history h WHERE ${on}) h`,
    });
    const { rows } = await this.pool.query<SpanRow>(sql, districts.length === 0 ? [from, to] : [from, to, districts]);
    return groupSpans(rows, ({ machine_id: _id, district: _district, ...entry }) => entry) as MachineSpan[];
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
