import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import type { Executor } from '../executor';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { groupSpans, readPromiseMinutes, spansSql, type SpanDialect, type SpanRow } from '../serviceSql';
import type { MachineSpan, ServiceStore } from '../serviceStore';
import { flag } from '../table';
import * as rec from '../tokenRecord';

/** PostgreSQL's numbered placeholders (`from` is used twice); SQLite is told the order and the indexes. */
const DIALECTS: Record<Executor['dialect'], (filtered: boolean) => SpanDialect> = {
  postgres: (filtered) => ({
    bit: (column) => `(CASE WHEN ${column} THEN 1 ELSE 0 END)`,
    inDistricts: filtered ? 'm.district = ANY($3::text[])' : '',
    from: '$1',
    to: '$2',
    machinesThenHistory: (on) => `machines m CROSS JOIN LATERAL (SELECT * FROM machine_history h WHERE ${on}) h`,
  }),
  sqlite: (filtered) => ({
    bit: (column) => column,
    inDistricts: filtered ? 'm.district IN (SELECT value FROM json_each(?))' : '',
    from: '?',
    to: '?',
    machinesThenHistory: (on) =>
      `machines m INDEXED BY sqlite_autoindex_machines_1
        CROSS JOIN machine_history h INDEXED BY machine_history_machine ON ${on}`,
  }),
};

type StoredSpanRow = Omit<SpanRow, 'under_maintenance' | 'deactivated'> & {
  under_maintenance: boolean | number;
  deactivated: boolean | number;
};

/** The service levels' reads of the history, and the promise's setting. */
export class ServiceSql implements ServiceStore {
  constructor(private readonly db: Executor) {}

  async spans(from: string, to: string, districts: readonly District[]): Promise<MachineSpan[]> {
    const filtered = districts.length > 0;
    const sql = spansSql(DIALECTS[this.db.dialect](filtered));
    const times = this.db.dialect === 'postgres' ? [from, to] : [from, from, to];
    const rows = await this.db.all<StoredSpanRow>(sql, filtered ? [...times, districts] : times);
    return groupSpans(rows as unknown as SpanRow[], (row) => ({
      at: row.at,
      status: row.status,
      under_maintenance: flag(row.under_maintenance as unknown as boolean | number),
      service_status: row.service_status,
      deactivated: flag(row.deactivated as unknown as boolean | number),
      last_emptied_at: row.last_emptied_at,
    })) as MachineSpan[];
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
