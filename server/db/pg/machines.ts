import type { Actor } from '../../accounts/actor';
import { sameState } from '../../machines/history';
import { pgInsertHistory } from './historyEntries';
import type { Queryable } from './pool';
import type { RowsSaved } from '../engine';
import type { MachineChange } from '../../machines/machineChange';
import type { ApiMachine } from '../../machines/apiMachine';
import {
  BOOLEAN_COLUMNS,
  columnsOfField,
  EXTRA_COLUMN,
  machineEdit,
  PICTURE_COLUMN,
  STATUS_AUDIT_COLUMNS,
  toApiMachine,
  UPSERT_COLUMNS,
  upsertValues,
  type MachineRecord,
} from '../machineRecord';
import type { MachineRow } from '../../machines/validate';
import { STORED_FIELDS } from '../../../shared/contract/machineRow';
import { pgTypeOf } from './columnTypes';

/** Every column as SQLite returns it (booleans as 0/1), so toApiMachine serves both engines. */
export const MACHINE_COLUMNS = UPSERT_COLUMNS.map((column) =>
  BOOLEAN_COLUMNS.includes(column) ? `${column}::int AS ${column}` : column,
).join(', ');

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
function columnType(column: string): string {
  if (column === EXTRA_COLUMN) return 'json';
  const field = STORED_FIELDS.find((stored) => columnsOfField(stored).includes(column));
  if (field === undefined) return 'text'; // the photo's id, the time of the write
  return field === 'coordinates' ? 'float8' : pgTypeOf(field, 'int');
}

const UPSERT_SQL = `INSERT INTO machines (${UPSERT_COLUMNS.join(', ')})
  SELECT ${UPSERT_COLUMNS.map((column) => (BOOLEAN_COLUMNS.includes(column) ? `${column} = 1` : column)).join(', ')}
  FROM unnest(${UPSERT_COLUMNS.map((column, i) => `$${i + 1}::${columnType(column)}[]`).join(', ')})
    AS input (${UPSERT_COLUMNS.join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${UPSERT_COLUMNS.filter((column) => column !== 'id')
    .map((column) =>
      column === PICTURE_COLUMN
        ? `${PICTURE_COLUMN} = coalesce(excluded.${PICTURE_COLUMN}, machines.${PICTURE_COLUMN})`
        : `${column} = excluded.${column}`,
    )
    .join(', ')}`;

/** Rows per statement: the arrays of a batch (one per column) stay a few MB. */
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
 * An operator's edit (the state, and the texts, hours and photo a person edits), its audit entry and, when the
 * machine's state changed (not only its report time), its history entry, inside the caller's write transaction; null
 * when there is no such machine.
 */
export async function pgApplyMachineEdit(
  db: Queryable,
  id: string,
  change: MachineChange,
  actor: Actor,
  at: Date,
): Promise<{ machine: ApiMachine; changed: boolean } | null> {
  const was = await pgGetMachine(db, id);
  if (!was) return null;
  const timestamp = at.toISOString();
  const edit = machineEdit(was, change, actor, timestamp, false);
  const { rows: updated } = await db.query<MachineRecord>(
    `UPDATE machines SET ${edit.columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}
     WHERE id = $1 RETURNING ${MACHINE_COLUMNS}`,
    [id, ...edit.values],
  );
  await db.query(
    `INSERT INTO machine_status_audit (${STATUS_AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    edit.audit,
  );
  const machine = toApiMachine(updated[0]!);
  if (!sameState(was, machine)) await pgInsertHistory(db, [machine], timestamp);
  return { machine, changed: edit.changed };
}
