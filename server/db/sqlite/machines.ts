import type { ApiMachine } from '../../machines/apiMachine';
import type { MachineRow } from '../../machines/validate';
import { toApiMachine, UPSERT_COLUMNS, upsertValues, type MachineRecord } from '../machineRecord';
import type { Db } from './open';

export function listMachines(db: Db, districts: readonly string[] = []): ApiMachine[] {
  const records = (
    districts.length === 0
      ? db.prepare('SELECT * FROM machines ORDER BY id').all()
      : db
          .prepare('SELECT * FROM machines WHERE district IN (SELECT value FROM json_each(?)) ORDER BY id')
          .all(JSON.stringify(districts))
  ) as MachineRecord[];
  return records.map(toApiMachine);
}

export function getMachine(db: Db, id: string): ApiMachine | null {
  const record = db.prepare('SELECT * FROM machines WHERE id = ?').get(id) as MachineRecord | undefined;
  return record ? toApiMachine(record) : null;
}

export function countMachines(db: Db): number {
  return Number(db.prepare('SELECT count(*) FROM machines').pluck().get());
}

// Positional parameters: binding 27 named ones per row costs a third more, and an import writes 50 000 rows.
const UPSERT_SQL = `INSERT INTO machines (${UPSERT_COLUMNS.join(', ')})
  VALUES (${UPSERT_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT(id) DO UPDATE SET ${UPSERT_COLUMNS.filter((column) => column !== 'id')
    .map((column) =>
      column === 'picture_id'
        ? 'picture_id = coalesce(excluded.picture_id, machines.picture_id)'
        : `${column} = excluded.${column}`,
    )
    .join(', ')}`;

/**
 * Inserts or replaces machines with one statement prepared once, all stamped with one `updated_at`.
 * `pictureId` null keeps the photo an existing machine already has; every other field, feed fields and kept
 * fields included, is replaced by the row's. Synchronous so callers can run many inside one transaction.
 */
export function prepareUpsert(db: Db, at = new Date()): (row: MachineRow, pictureId: string | null) => void {
  const upsert = db.prepare(UPSERT_SQL);
  const updatedAt = at.toISOString();
  return (row, pictureId) => {
    upsert.run(upsertValues(row, pictureId, updatedAt));
  };
}
