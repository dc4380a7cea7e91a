import type { District } from '../../../shared/contract/machine';
import type { AccessChange } from '../accessAudit';
import { PROMISE_MINUTES_META_KEY } from '../metaKeys';
import { groupSpans, readPromiseMinutes, spansSql, type SpanRow } from '../serviceSql';
import type { MachineSpan, ServiceStore } from '../serviceStore';
import * as rec from '../tokenRecord';
import { getMeta, setMeta } from './meta';
import type { Db } from './open';

type StoredSpanRow = Omit<SpanRow, 'under_maintenance' | 'deactivated'> & {
  under_maintenance: number;
  deactivated: number;
};

/** SQLite: the service levels' reads and the promise's setting. */
export class SqliteServiceStore implements ServiceStore {
  constructor(private readonly db: Db) {}

  async spans(from: string, to: string, districts: readonly District[]): Promise<MachineSpan[]> {
    const sql = spansSql({
      bit: (column) => column,
      inDistricts: districts.length === 0 ? '' : 'm.district IN (SELECT value FROM json_each(@districts))',
      from: '@from',
      to: '@to',
      machinesThenHistory: (on) =>
        `machines m INDEXED BY sqlite_autoindex_machines_1
          CROSS JOIN machine_history h INDEXED BY machine_history_machine ON ${on}`,
    });
    const rows = this.db.prepare(sql).all({ from, to, districts: JSON.stringify(districts) }) as StoredSpanRow[];
    return groupSpans(rows as unknown as SpanRow[], (row) => ({
      at: row.at,
      status: row.status,
      under_maintenance: (row.under_maintenance as unknown) === 1,
      service_status: row.service_status,
      deactivated: (row.deactivated as unknown) === 1,
      last_emptied_at: row.last_emptied_at,
    })) as MachineSpan[];
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
