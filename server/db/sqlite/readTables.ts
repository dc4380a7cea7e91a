import fs from 'node:fs/promises';
import Database from 'better-sqlite3';
import { CopyError, type SqliteTables, type TableRow } from '../sqliteTables';
import { fromStoredState, type StoredState } from '../stateRecord';
import { columnList, toPgValues, type Table } from '../table';
import { COPIED_AS_THEY_ARE, FILES } from '../tables';
import { findDamage } from './integrity';
import { MIGRATIONS } from './migrations';

/**
 * Reads every table of the SQLite database `dbPath` (only reading it) for a copy into PostgreSQL. Refuses a database
 * that is damaged or not migrated to the newest schema.
 */
export async function readSqliteTables(dbPath: string): Promise<SqliteTables> {
  await fs.access(dbPath).catch(() => {
    throw new CopyError(`${dbPath}: no such database`);
  });
  const source = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const damage = findDamage(source);
    if (damage !== null) throw new CopyError(`${dbPath} is damaged (${damage}); restore it from a backup first`);
    const newest = Math.max(...MIGRATIONS.map((migration) => migration.version));
    const version = Number(source.prepare('SELECT coalesce(max(version), 0) FROM schema_migrations').pluck().get());
    if (version !== newest) {
      throw new CopyError(`${dbPath} has schema version ${version}, not ${newest}: start the server on it once first`);
    }
    const all = (sql: string): TableRow[] => source.prepare(sql).all() as TableRow[];
    const read = (table: Table): TableRow[] =>
      all(
        `SELECT ${columnList(table)} FROM ${table.name} ORDER BY ${table.orderBy ?? Object.keys(table.columns)[0]}`,
      ).map((row) => toPgValues(table, row));
    const catalogued = Object.fromEntries(
      Object.entries(COPIED_AS_THEY_ARE).map(([key, table]) => [key, read(table)]),
    ) as Record<keyof typeof COPIED_AS_THEY_ARE, TableRow[]>;
    return {
      machines: all('SELECT * FROM machines ORDER BY id'),
      files: read(FILES),
      history: all('SELECT * FROM machine_history ORDER BY id').map((entry) =>
        fromStoredState(entry as TableRow & StoredState),
      ),
      ...catalogued,
    };
  } finally {
    source.close();
  }
}
