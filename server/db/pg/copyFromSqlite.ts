import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPSERT_COLUMNS } from '../machineRecord';
import type { Table } from '../table';
import { COPIED_AS_THEY_ARE, FILES } from '../tables';
import { STATE_COLUMNS } from '../stateRecord';
import { pgTypeOf } from './columnTypes';
import { CopyError, rowsIn, type SqliteTables } from '../sqliteTables';
import type { PgEngine } from './engine';
import { pgUpsertMachineValues } from './machines';
import { inTransaction, type Queryable } from './pool';
import type { ProgressReport } from '../../progress';

export interface CopyResult {
  machines: number;
  photos: number;
  statusAudit: number;
  importAudit: number;
  history: number;
  accounts: number;
  /** The accounts' authenticator apps. */
  totpFactors: number;
  apiTokens: number;
  accessAudit: number;
  alertRules: number;
  alerts: number;
  webhooks: number;
  deliveries: number;
  problemReports: number;
}

/** Tables that must all be empty in the target: nothing there is ever overwritten or merged. */
const TARGET_TABLES = [
  'machines',
  'file_contents',
  FILES.name,
  ...Object.values(COPIED_AS_THEY_ARE).map((table) => table.name),
  'machine_history',
];
const BATCH_ROWS = 1000;

/**
 * `rows` into `table`, in batches of one array per column of the column's type, or one statement a row where a
 * column is a text[] (unnest would flatten it; those tables hold a handful); ids kept when the table says so.
 */
async function insertRows(
  db: Queryable,
  table: Table,
  rows: readonly Record<string, unknown>[],
  onInserted: (rows: number) => void,
): Promise<void> {
  const { name, columns, keepIds = false } = table;
  const names = Object.keys(columns);
  const eachRow = Object.values(columns).includes('text[]');
  const into = `INSERT INTO ${name} (${names.join(', ')}) ${keepIds ? 'OVERRIDING SYSTEM VALUE' : ''}`;
  const sql = eachRow
    ? `${into} VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`
    : `${into} SELECT * FROM unnest(${names.map((column, i) => `$${i + 1}::${columns[column]}[]`).join(', ')})`;
  const batchRows = eachRow ? 1 : BATCH_ROWS;
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    await db.query(
      sql,
      names.map((column) => (eachRow ? (batch[0]![column] ?? null) : batch.map((row) => row[column] ?? null))),
    );
    onInserted(batch.length);
  }
  if (keepIds && rows.length > 0) await continueIds(db, name);
}

/** machine_history: the state's columns, from the contract, its booleans as booleans. */
const HISTORY: Table = {
  name: 'machine_history',
  columns: {
    id: 'int8',
    machine_id: 'text',
    at: 'text',
    ...Object.fromEntries(STATE_COLUMNS.map((field) => [field, pgTypeOf(field, 'bool')])),
  },
  keepIds: true,
};

/** The next id `table` makes follows the largest copied one. */
async function continueIds(db: Queryable, table: string): Promise<void> {
  await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
}

/**
 * Copies the tables of an SQLite database (its machines, photos from `filesDir`, both audits, the feed's history,
 * photo map, holds, the decisions on them and baseline, the meta entries, the console's accounts (not their sessions
 * nor failed sign-ins) and their second factors, API tokens and the audit of changes to them, and the alert rules, alerts, webhooks and
 * deliveries) into the empty PostgreSQL database `target`, in one transaction: all or nothing.
 * Refuses a target that holds anything, and a photo that is missing or whose bytes do not match its hash.
 * `progress` hears the photos copied, then the rows of every table.
 */
export async function copySqliteToPostgres(
  source: SqliteTables,
  filesDir: string,
  target: PgEngine,
  progress?: ProgressReport,
): Promise<CopyResult> {
  const { machines, files, statusAudit, importAudit, history, accounts, totpFactors } = source;
  const { apiTokens, accessAudit, alertRules, alerts, webhooks, webhookDeliveries, problemReports } = source;
  let rowsCopied = 0;
  const copied = (rows: number) => progress?.update((rowsCopied += rows));
  return inTransaction(target.pool, { writeLock: true, lockTimeoutMs: 5_000 }, async (client) => {
    for (const table of TARGET_TABLES) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      if (rows[0]!.n > 0) {
        throw new CopyError(`the PostgreSQL database is not empty (${table} has ${rows[0]!.n} rows); nothing copied`);
      }
    }
    progress?.begin('copying photos', 'photos', files.length);
    for (const [i, file] of files.entries()) {
      progress?.update(i);
      const id = String(file.id);
      const bytes = await fs.readFile(path.join(filesDir, id)).catch(() => {
        throw new CopyError(`photo ${id} is missing from ${filesDir}; nothing copied`);
      });
      if (createHash('sha256').update(bytes).digest('hex') !== id) {
        throw new CopyError(`photo ${id} in ${filesDir} does not match its hash; nothing copied`);
      }
      await client.query('INSERT INTO file_contents (id, content) VALUES ($1, $2)', [id, bytes]);
    }
    progress?.begin('copying rows', 'rows', rowsIn(source));
    await insertRows(client, FILES, files, copied);
    let machinesSaved = 0;
    await pgUpsertMachineValues(
      client,
      machines.map((machine) => UPSERT_COLUMNS.map((column) => machine[column])),
      (saved) => {
        copied(saved - machinesSaved);
        machinesSaved = saved;
      },
    );
    await insertRows(client, HISTORY, history, copied);
    for (const [key, table] of Object.entries(COPIED_AS_THEY_ARE)) {
      await insertRows(client, table, source[key as keyof typeof COPIED_AS_THEY_ARE], copied);
    }
    return {
      machines: machines.length,
      photos: files.length,
      statusAudit: statusAudit.length,
      importAudit: importAudit.length,
      history: history.length,
      accounts: accounts.length,
      totpFactors: totpFactors.length,
      apiTokens: apiTokens.length,
      accessAudit: accessAudit.length,
      alertRules: alertRules.length,
      alerts: alerts.length,
      webhooks: webhooks.length,
      deliveries: webhookDeliveries.length,
      problemReports: problemReports.length,
    };
  });
}
