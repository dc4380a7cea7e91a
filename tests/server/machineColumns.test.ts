import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseType, fieldSchema, type MachineField } from '../../shared/contract/machine';
import { STORED_FIELDS } from '../../shared/contract/machineRow';
import {
  columnsOfField,
  EXTRA_COLUMN,
  PICTURE_COLUMN,
  UPDATED_AT_COLUMN,
  UPSERT_COLUMNS,
} from '../../server/db/machineRecord';
import { pgTypeOf } from '../../server/db/pg/columnTypes';
import { STATE_COLUMNS } from '../../server/db/stateRecord';
import type { ColumnType } from '../../server/db/table';
import { COPIED_AS_THEY_ARE, FILES } from '../../server/db/tables';
import { makeTempDir, openTestEngine, usingPostgres, type TestEngine } from './helpers';

/**
 * The migrations write the tables by hand; the code reads their columns from the contract (shared/contract/). This
 * holds the two together on the engine the run tests: a field added to the contract without its column, or a column
 * without its field, fails here; so does a table whose columns are not the catalogue's (server/db/tables.ts).
 */
let test: TestEngine;
beforeAll(async () => {
  test = await openTestEngine(makeTempDir());
});
afterAll(() => test.close());

interface Column {
  name: string;
  type: string;
}

async function columnsOf(table: string): Promise<Column[]> {
  if (usingPostgres()) {
    return test.sql.all<Column>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      table,
    );
  }
  return (await test.sql.all<Column>(`SELECT name, type FROM pragma_table_info('${table}')`)).map((column) => ({
    ...column,
    type: column.type.toLowerCase(),
  }));
}

/** The type each engine's migration gives a field's column, from the contract's type and range. */
const PG_TYPES: Record<string, string> = {
  text: 'text',
  int: 'integer',
  int8: 'bigint',
  float8: 'double precision',
  bool: 'boolean',
};
const SQLITE_TYPES: Record<string, string> = { string: 'text', number: 'real', integer: 'integer', boolean: 'integer' };

const expectedType = (field: MachineField): string =>
  usingPostgres()
    ? PG_TYPES[field === 'coordinates' ? 'float8' : pgTypeOf(field, 'bool')]!
    : SQLITE_TYPES[field === 'coordinates' ? 'number' : baseType(fieldSchema(field))]!;

describe('the tables and the contract', () => {
  it('has a machines column for each stored field of the contract, of its type, and the photo, time and kept fields', async () => {
    const columns = await columnsOf('machines');
    expect(columns.map((column) => column.name).sort()).toEqual([...UPSERT_COLUMNS].sort());
    const typeOf = new Map(columns.map((column) => [column.name, column.type]));
    for (const field of STORED_FIELDS) {
      for (const column of columnsOfField(field)) expect(typeOf.get(column), column).toBe(expectedType(field));
    }
    expect([PICTURE_COLUMN, UPDATED_AT_COLUMN].map((column) => typeOf.get(column))).toEqual(['text', 'text']);
    expect(typeOf.get(EXTRA_COLUMN)).toBe(usingPostgres() ? 'json' : 'text');
  });

  it('keeps each state field of the contract in the history, of its type', async () => {
    const columns = await columnsOf('machine_history');
    expect(columns.map((column) => column.name).sort()).toEqual(['at', 'id', 'machine_id', ...STATE_COLUMNS].sort());
    const typeOf = new Map(columns.map((column) => [column.name, column.type]));
    for (const field of STATE_COLUMNS) expect(typeOf.get(field), field).toBe(expectedType(field));
  });
});

/** The type each engine's migration gives a catalogue column (server/db/table.ts). */
const CATALOGUE_TYPES: Record<ColumnType, [pg: string, sqlite: string]> = {
  text: ['text', 'text'],
  'text[]': ['ARRAY', 'text'],
  int: ['integer', 'integer'],
  int4: ['integer', 'integer'],
  int8: ['bigint', 'integer'],
  float8: ['double precision', 'real'],
  bool: ['boolean', 'integer'],
  json: ['json', 'text'],
  jsonb: ['jsonb', 'text'],
};

describe('the tables and the catalogue', () => {
  it.each([FILES, ...Object.values(COPIED_AS_THEY_ARE)].map((table) => [table.name, table] as const))(
    'gives %s the catalogue columns, of their types',
    async (_name, table) => {
      const columns = (await columnsOf(table.name)).filter((column) => !table.fixed?.includes(column.name));
      expect(Object.fromEntries(columns.map((column) => [column.name, column.type]))).toEqual(
        Object.fromEntries(
          Object.entries(table.columns).map(([name, type]) => [name, CATALOGUE_TYPES[type][usingPostgres() ? 0 : 1]]),
        ),
      );
    },
  );
});
