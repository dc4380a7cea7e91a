import {
  baseType,
  fieldSchema,
  MACHINE_FIELDS,
  type ApiMachine,
  type MachineField,
} from '../../shared/contract/machine';
import { KNOWN_ROW_FIELDS, STORED_FIELDS, type MachineRow, type StoredField } from '../../shared/contract/machineRow';
import type { ExtraFields } from '../../shared/contract/extraFields';
import { STATE_EDIT_FIELDS } from '../../shared/contract/machineEdit';
import type { Actor } from '../accounts/actor';
import { fileUrl } from '../machines/apiMachine';
import { auditedFieldsOf, textAndPictureColumns, type MachineChange } from '../machines/machineChange';
import { operatorStateOf } from '../machines/statusUpdate';
import { columnList } from './table';
import { STATUS_AUDIT } from './tables';

/**
 * The machines table of both engines, read from the contract (shared/contract/machine.ts): a column per stored field,
 * the coordinates as `lat` and `lng`, booleans as 0 and 1 (SQLite's own, and PostgreSQL's read as `::int`), then the
 * photo's id, the time of the last write and the kept fields as JSON text. The migrations create it; a test holds
 * both engines' tables to these columns (tests/server/machineColumns.test.ts).
 */

type BooleanField = { [F in StoredField]: ApiMachine[F] extends boolean ? F : never }[StoredField];
/** The column of each stored field but the coordinates. */
type FieldColumn = Exclude<StoredField, 'coordinates'>;

/** A row of the machines table as SQLite returns it (and PostgreSQL, through its column list in pg/machines.ts). */
export type MachineRecord = { [F in FieldColumn]: F extends BooleanField ? number : ApiMachine[F] } & {
  lat: number;
  lng: number;
  picture_id: string | null;
  /** JSON object text, or null. */
  extra: string | null;
};

const isBoolean = (field: MachineField): boolean => baseType(fieldSchema(field)) === 'boolean';

/** The column each stored field is kept in, or the two of the coordinates. */
export const columnsOfField = (field: StoredField): readonly string[] =>
  field === 'coordinates' ? ['lat', 'lng'] : [field];

/** Columns the contract holds no field for. */
export const PICTURE_COLUMN = 'picture_id';
export const UPDATED_AT_COLUMN = 'updated_at';
export const EXTRA_COLUMN = 'extra';

/** The columns an import writes, in the order `upsertValues` gives them. */
export const UPSERT_COLUMNS: readonly string[] = [
  ...STORED_FIELDS.flatMap(columnsOfField),
  PICTURE_COLUMN,
  UPDATED_AT_COLUMN,
  EXTRA_COLUMN,
];
/** Columns that hold a boolean as 0 or 1. */
export const BOOLEAN_COLUMNS: readonly string[] = STORED_FIELDS.filter(isBoolean);

/** The API's fields but the photo, in the contract's order. */
const API_FIELDS = MACHINE_FIELDS.filter((field) => field !== 'picture');
/** Each machine starts as a copy of this, so all have one shape: several times faster than field by field. */
const BLANK_MACHINE: Readonly<Record<string, unknown>> = Object.fromEntries(API_FIELDS.map((field) => [field, null]));
/** The fields whose column holds their value as it is. */
const COPIED_COLUMNS = API_FIELDS.filter(
  (field) => field !== 'coordinates' && field !== 'thumbnail' && !isBoolean(field),
) as FieldColumn[];

/** The machine as the list call sends it. */
export function toApiMachine(record: MachineRecord): ApiMachine {
  const machine: Record<string, unknown> = { ...BLANK_MACHINE };
  for (const column of COPIED_COLUMNS) machine[column] = record[column];
  for (const column of BOOLEAN_COLUMNS) machine[column] = record[column as FieldColumn] === 1;
  machine.coordinates = [record.lat, record.lng];
  machine.thumbnail = record.picture_id ? fileUrl(record.picture_id) : null;
  // The spec's `picture` is "present or absent", so a machine without a photo has no key at all.
  if (record.picture_id) machine.picture = { id: record.picture_id };
  return (
    record.extra ? { ...machine, ...unclaimedFields(JSON.parse(record.extra) as ExtraFields, machine) } : machine
  ) as ApiMachine;
}

/** The kept fields that no known field claims: a known field always wins over a kept one of the same name. */
function unclaimedFields(extra: ExtraFields, machine: Readonly<Record<string, unknown>>): ExtraFields {
  return Object.fromEntries(
    Object.entries(extra).filter(([name]) => !KNOWN_ROW_FIELDS.has(name) && !Object.hasOwn(machine, name)),
  );
}

/** How each stored field is written to its columns, in UPSERT_COLUMNS' order. */
const TO_COLUMNS: readonly ((row: MachineRow) => unknown)[] = STORED_FIELDS.flatMap((field) => {
  if (field === 'coordinates')
    return [(row: MachineRow) => row.coordinates[0], (row: MachineRow) => row.coordinates[1]];
  if (isBoolean(field)) return [(row: MachineRow) => (row[field] ? 1 : 0)];
  return [(row: MachineRow) => row[field]];
});

/** A row's values for UPSERT_COLUMNS, as SQLite stores them (booleans 0 and 1, the kept fields as JSON text). */
export function upsertValues(row: MachineRow, pictureId: string | null, updatedAt: string): unknown[] {
  const values = new Array<unknown>(UPSERT_COLUMNS.length);
  for (let i = 0; i < TO_COLUMNS.length; i++) values[i] = TO_COLUMNS[i]!(row);
  values[TO_COLUMNS.length] = pictureId;
  values[TO_COLUMNS.length + 1] = updatedAt;
  values[TO_COLUMNS.length + 2] = row.extra ? JSON.stringify(row.extra) : null;
  return values;
}

/** The record the row would make, to compare with the stored one before writing anything. */
export function recordOf(row: MachineRow, pictureId: string | null): MachineRecord {
  const values = upsertValues(row, pictureId, '');
  return Object.fromEntries(UPSERT_COLUMNS.map((column, i) => [column, values[i]])) as MachineRecord;
}

/** The status audit's columns but its id, in the order of a `machineEdit`'s `audit` values. */
export const STATUS_AUDIT_COLUMNS = columnList(STATUS_AUDIT, ['id']);

/**
 * An operator's change as both engines write it, from the machine as it was: the columns it sets (the state's, the
 * time, then the texts and photo it touches) and their values (booleans as 0 and 1 for SQLite), its audit entry's
 * values (the audited fields before and after) and whether it changed anything.
 */
export function machineEdit(
  was: ApiMachine,
  change: MachineChange,
  actor: Actor,
  timestamp: string,
  booleansAsNumbers: boolean,
): { columns: string[]; values: unknown[]; audit: unknown[]; changed: boolean } {
  const before = auditedFieldsOf(was, change);
  const after = { ...before, ...change };
  const state = { ...operatorStateOf(was), ...change };
  const texts = textAndPictureColumns(change);
  const stateValue = (field: (typeof STATE_EDIT_FIELDS)[number]) =>
    booleansAsNumbers && BOOLEAN_COLUMNS.includes(field) ? Number(state[field]) : state[field];
  return {
    columns: [...STATE_EDIT_FIELDS, UPDATED_AT_COLUMN, ...Object.keys(texts)],
    values: [...STATE_EDIT_FIELDS.map(stateValue), timestamp, ...Object.values(texts)],
    audit: [was.id, JSON.stringify(before), JSON.stringify(after), timestamp, actor.name, actor.kind, actor.address],
    changed: JSON.stringify(before) !== JSON.stringify(after),
  };
}
