import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { pgUpsertMachineValues } from './machines';
import { UPSERT_COLUMNS } from '../../machines/repository';
import { findDamage } from '../sqlite/integrity';
import { MIGRATIONS } from '../sqlite/migrations';
import type { PgEngine } from './engine';
import { inTransaction, type Queryable } from './pool';

export class CopyError extends Error {
  override name = 'CopyError';
}

export interface CopyResult {
  machines: number;
  photos: number;
  statusAudit: number;
  importAudit: number;
  history: number;
}

/** Tables that must all be empty in the target: nothing there is ever overwritten or merged. */
const TARGET_TABLES = [
  'machines',
  'files',
  'file_contents',
  'machine_status_audit',
  'machine_import_audit',
  'machine_history',
  'feed_photos',
  'meta',
];
const BATCH_ROWS = 1000;

/** `rows` into `table` in batches, one array per column; `types` are the columns' array element types. */
async function insertRows(
  db: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  keepIds = false,
): Promise<void> {
  const names = Object.keys(columns);
  const sql = `INSERT INTO ${table} (${names.join(', ')}) ${keepIds ? 'OVERRIDING SYSTEM VALUE' : ''}
    SELECT * FROM unnest(${names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await db.query(
      sql,
      names.map((name) => batch.map((row) => row[name] ?? null)),
    );
  }
  if (keepIds && rows.length > 0) {
    await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
}

/**
 * Copies an SQLite database (its machines, photos from `filesDir`, both audits, the feed's history and photo map,
 * and the meta entries) into the empty PostgreSQL database `target`, in one transaction: all or nothing. Refuses a target that holds anything, a source
 * that is damaged or not migrated to the newest schema, and a photo that is missing or whose bytes do not match
 * its hash. The source is only read.
 */
export async function copySqliteToPostgres(dbPath: string, filesDir: string, target: PgEngine): Promise<CopyResult> {
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
    const machines = source.prepare('SELECT * FROM machines ORDER BY id').all() as Record<string, unknown>[];
    const files = source.prepare('SELECT * FROM files ORDER BY id').all() as Record<string, unknown>[];
    const statusAudit = source.prepare('SELECT * FROM machine_status_audit ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    const importAudit = source.prepare('SELECT * FROM machine_import_audit ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    const meta = source.prepare('SELECT * FROM meta ORDER BY key').all() as Record<string, unknown>[];
    const history = (
      source.prepare('SELECT * FROM machine_history ORDER BY id').all() as Record<string, unknown>[]
    ).map((entry) => ({
      ...entry,
      under_maintenance: entry.under_maintenance === 1,
      deactivated: entry.deactivated === 1,
    }));
    const feedPhotos = source.prepare('SELECT * FROM feed_photos ORDER BY feed_id').all() as Record<string, unknown>[];

    return await inTransaction(target.pool, { writeLock: true, lockTimeoutMs: 5_000 }, async (client) => {
      for (const table of TARGET_TABLES) {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
        if (rows[0]!.n > 0) {
          throw new CopyError(`the PostgreSQL database is not empty (${table} has ${rows[0]!.n} rows); nothing copied`);
        }
      }
      for (const file of files) {
        const id = String(file.id);
        const bytes = await fs.readFile(path.join(filesDir, id)).catch(() => {
          throw new CopyError(`photo ${id} is missing from ${filesDir}; nothing copied`);
        });
        if (createHash('sha256').update(bytes).digest('hex') !== id) {
          throw new CopyError(`photo ${id} in ${filesDir} does not match its hash; nothing copied`);
        }
        await client.query('INSERT INTO file_contents (id, content) VALUES ($1, $2)', [id, bytes]);
      }
      await insertRows(
        client,
        'files',
        {
          id: 'text',
          content_type: 'text',
          size: 'int8',
          original_name: 'text',
          created_at: 'text',
        },
        files,
      );
      await pgUpsertMachineValues(
        client,
        machines.map((machine) => UPSERT_COLUMNS.map((column) => machine[column])),
      );
      const audit = { machine_id: 'text', before: 'json', after: 'json', at: 'text', actor: 'text' };
      await insertRows(client, 'machine_status_audit', { id: 'int8', ...audit }, statusAudit, true);
      await insertRows(
        client,
        'machine_import_audit',
        { id: 'int8', source: 'text', inserted: 'int', updated: 'int', photos: 'int', at: 'text', actor: 'text' },
        importAudit,
        true,
      );
      await insertRows(
        client,
        'machine_history',
        {
          id: 'int8',
          machine_id: 'text',
          at: 'text',
          status: 'text',
          under_maintenance: 'bool',
          service_status: 'int8',
          deactivated: 'bool',
          bin_count: 'int',
          bin_count_full_threshold: 'int',
          last_online: 'text',
          last_emptied_at: 'text',
          last_full: 'text',
        },
        history,
        true,
      );
      await insertRows(client, 'feed_photos', { feed_id: 'text', file_id: 'text', fetched_at: 'text' }, feedPhotos);
      await insertRows(client, 'meta', { key: 'text', value: 'text' }, meta);
      return {
        machines: machines.length,
        photos: files.length,
        statusAudit: statusAudit.length,
        importAudit: importAudit.length,
        history: history.length,
      };
    });
  } finally {
    source.close();
  }
}
