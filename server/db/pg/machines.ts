import type { Actor } from '../../accounts/actor';
import { sameState } from '../../machines/history';
import { pgInsertHistory } from './historyEntries';
import type { Queryable } from './pool';
import type { RowsSaved } from '../engine';
import { operatorStateOf, type StatusUpdate } from '../../machines/statusUpdate';
import type { ApiMachine } from '../../machines/apiMachine';
import { toApiMachine, UPSERT_COLUMNS, upsertValues, type MachineRecord } from '../machineRecord';
import type { MachineRow } from '../../machines/validate';

/** Every column as SQLite returns it (booleans as 0/1), so toApiMachine serves both engines. */
export const MACHINE_COLUMNS = `id, lat, lng, area, district, status, under_maintenance::int AS under_maintenance,
  service_status, name_en, name_zht, name_zhs, address_en, address_zht, address_zhs, service_hour_en,
  service_hour_zht, service_hour_zhs, opening_hours, picture_id, updated_at, bin_count, bin_count_full_threshold,
  deactivated::int AS deactivated, last_emptied_at, last_online, last_full, extra`;

export async function pgGetMachine(db: Queryable, id: string): Promise<ApiMachine | null> {
  const { rows } = await db.query<MachineRecord>(`SELECT ${MACHINE_COLUMNS} FROM machines WHERE id = $1`, [id]);
  return rows[0] ? toApiMachine(rows[0]) : null;
}

export async function pgListMachines(db: Queryable, districts: readonly string[] = []): Promise<ApiMachine[]> {
  const { rows } =
    districts.length === 0
      ? await db.query<MachineRecord>(`SELECT ${MACHINE_COLUMNS} FROM machines ORDER BY id`)
      : await db.query<MachineRecord>(
          `SELECT ${MACHINE_COLUMNS} FROM machines WHERE district = ANY($1::text[]) ORDER BY id`,
          [districts],
        );
  return rows.map(toApiMachine);
}

export async function pgCountMachines(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM machines');
  return rows[0]?.n ?? 0;
}

/** The array type each upserted column is sent as (one array per column, one statement per batch). */
const COLUMN_TYPES: Record<(typeof UPSERT_COLUMNS)[number], string> = {
  id: 'text',
  lat: 'float8',
  lng: 'float8',
  area: 'text',
  district: 'text',
  status: 'text',
  under_maintenance: 'int',
  service_status: 'int8',
  name_en: 'text',
  name_zht: 'text',
  name_zhs: 'text',
  address_en: 'text',
  address_zht: 'text',
  address_zhs: 'text',
  service_hour_en: 'text',
  service_hour_zht: 'text',
  service_hour_zhs: 'text',
  opening_hours: 'text',
  picture_id: 'text',
  updated_at: 'text',
  bin_count: 'int',
  bin_count_full_threshold: 'int',
  deactivated: 'int',
  last_emptied_at: 'text',
  last_online: 'text',
  last_full: 'text',
  extra: 'json',
};
const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set(['under_maintenance', 'deactivated']);

const UPSERT_SQL = `INSERT INTO machines (${UPSERT_COLUMNS.join(', ')})
  SELECT ${UPSERT_COLUMNS.map((column) => (BOOLEAN_COLUMNS.has(column) ? `${column} = 1` : column)).join(', ')}
  FROM unnest(${UPSERT_COLUMNS.map((column, i) => `$${i + 1}::${COLUMN_TYPES[column]}[]`).join(', ')})
    AS input (${UPSERT_COLUMNS.join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${UPSERT_COLUMNS.filter((column) => column !== 'id')
    .map((column) =>
      column === 'picture_id'
        ? 'picture_id = coalesce(excluded.picture_id, machines.picture_id)'
        : `${column} = excluded.${column}`,
    )
    .join(', ')}`;

/** Rows per statement: the 27 arrays of a batch stay a few MB. */
const UPSERT_BATCH_ROWS = 1000;

/** The SQLite upsert's statement, for many rows per round trip; run inside the caller's transaction. */
export async function pgUpsertMachines(
  db: Queryable,
  rows: readonly { row: MachineRow; pictureId: string | null }[],
  at = new Date(),
  onSaved?: RowsSaved,
): Promise<void> {
  const updatedAt = at.toISOString();
  await pgUpsertMachineValues(
    db,
    rows.map(({ row, pictureId }) => upsertValues(row, pictureId, updatedAt)),
    onSaved,
  );
}

/** Rows of UPSERT_COLUMNS values as SQLite stores them (booleans 0/1, extra as JSON text), upserted in batches. */
export async function pgUpsertMachineValues(
  db: Queryable,
  rows: readonly (readonly unknown[])[],
  onSaved?: RowsSaved,
): Promise<void> {
  for (let start = 0; start < rows.length; start += UPSERT_BATCH_ROWS) {
    const columns: unknown[][] = UPSERT_COLUMNS.map(() => []);
    for (const values of rows.slice(start, start + UPSERT_BATCH_ROWS)) {
      values.forEach((value, column) => columns[column]!.push(value));
    }
    await db.query(UPSERT_SQL, columns);
    onSaved?.(Math.min(start + UPSERT_BATCH_ROWS, rows.length));
  }
}

/**
 * An operator's update, its audit entry and, when the machine's state changed (not only its report time), its history
 * entry, inside the caller's write transaction; null when there is no such machine.
 */
export async function pgApplyStatusUpdate(
  db: Queryable,
  id: string,
  update: StatusUpdate,
  actor: Actor,
  at: Date,
): Promise<{ machine: ApiMachine; changed: boolean } | null> {
  const was = await pgGetMachine(db, id);
  if (!was) return null;
  const before = operatorStateOf(was);
  const after = { ...before, ...update };
  const timestamp = at.toISOString();
  const { rows: updated } = await db.query<MachineRecord>(
    `UPDATE machines SET status = $2, under_maintenance = $3, service_status = $4, deactivated = $5,
       last_online = $6, last_emptied_at = $7, last_full = $8, updated_at = $9
     WHERE id = $1 RETURNING ${MACHINE_COLUMNS}`,
    [
      id,
      after.status,
      after.under_maintenance,
      after.service_status,
      after.deactivated,
      after.last_online,
      after.last_emptied_at,
      after.last_full,
      timestamp,
    ],
  );
  await db.query(
    `INSERT INTO machine_status_audit (machine_id, before, after, at, actor, actor_kind, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, JSON.stringify(before), JSON.stringify(after), timestamp, actor.name, actor.kind, actor.address],
  );
  const machine = toApiMachine(updated[0]!);
  if (!sameState(was, machine)) await pgInsertHistory(db, [machine], timestamp);
  return { machine, changed: JSON.stringify(before) !== JSON.stringify(after) };
}
