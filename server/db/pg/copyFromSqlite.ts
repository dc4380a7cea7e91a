import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPSERT_COLUMNS } from '../machineRecord';
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
  apiTokens: number;
  accessAudit: number;
  alertRules: number;
  alerts: number;
  webhooks: number;
  deliveries: number;
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
  'feed_holds',
  'feed_hold_audit',
  'feed_baseline',
  'meta',
  'accounts',
  'api_tokens',
  'access_audit',
  'alert_rules',
  'alerts',
  'webhooks',
  'webhook_deliveries',
];
const BATCH_ROWS = 1000;

/** `rows` into `table` in batches, one array per column; `types` are the columns' array element types. */
async function insertRows(
  db: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  onInserted: (rows: number) => void,
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
    onInserted(batch.length);
  }
  if (keepIds && rows.length > 0) await continueIds(db, table);
}

/** `rows` into `table` one statement each: unnest would flatten a text[] column, and these tables hold a handful. */
async function insertEach(
  db: Queryable,
  table: string,
  names: readonly string[],
  rows: readonly Record<string, unknown>[],
  onInserted: (rows: number) => void,
  keepIds = false,
): Promise<void> {
  const sql = `INSERT INTO ${table} (${names.join(', ')}) ${keepIds ? 'OVERRIDING SYSTEM VALUE' : ''}
    VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`;
  for (const row of rows) {
    await db.query(
      sql,
      names.map((name) => row[name] ?? null),
    );
    onInserted(1);
  }
  if (keepIds && rows.length > 0) await continueIds(db, table);
}

/** The next id `table` makes follows the largest copied one. */
async function continueIds(db: Queryable, table: string): Promise<void> {
  await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
}

/**
 * Copies the tables of an SQLite database (its machines, photos from `filesDir`, both audits, the feed's history,
 * photo map, holds, the decisions on them and baseline, the meta entries, the console's accounts (not their sessions
 * nor failed sign-ins), API tokens and the audit of changes to them, and the alert rules, alerts, webhooks and
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
  const { machines, files, statusAudit, importAudit, meta, history, feedPhotos, feedHolds, feedBaseline, accounts } =
    source;
  const { apiTokens, accessAudit, alertRules, alerts, webhooks, webhookDeliveries } = source;
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
      copied,
    );
    let machinesSaved = 0;
    await pgUpsertMachineValues(
      client,
      machines.map((machine) => UPSERT_COLUMNS.map((column) => machine[column])),
      (saved) => {
        copied(saved - machinesSaved);
        machinesSaved = saved;
      },
    );
    const who = { actor: 'text', actor_kind: 'text', address: 'text' };
    const audit = { machine_id: 'text', before: 'json', after: 'json', at: 'text', ...who };
    await insertRows(client, 'machine_status_audit', { id: 'int8', ...audit }, statusAudit, copied, true);
    await insertRows(
      client,
      'machine_import_audit',
      { id: 'int8', source: 'text', inserted: 'int', updated: 'int', photos: 'int', at: 'text', ...who },
      importAudit,
      copied,
      true,
    );
    await insertRows(
      client,
      'machine_history',
      {
        id: 'int8',
        machine_id: 'text',
        at: 'text',
        ...Object.fromEntries(STATE_COLUMNS.map((field) => [field, pgTypeOf(field, 'bool')])),
      },
      history,
      copied,
      true,
    );
    await insertRows(
      client,
      'feed_photos',
      { feed_id: 'text', file_id: 'text', fetched_at: 'text' },
      feedPhotos,
      copied,
    );
    await insertRows(
      client,
      'feed_holds',
      {
        id: 'int8',
        held_at: 'text',
        machine_ids: 'json',
        active: 'int',
        remaining: 'int',
        baseline: 'int',
        baseline_since: 'text',
        state: 'text',
        decided_at: 'text',
        decided_by: 'text',
        rejected_at: 'text',
        rejected_by: 'text',
        kept_ids: 'json',
      },
      feedHolds,
      copied,
      true,
    );
    await insertRows(
      client,
      'feed_hold_audit',
      { id: 'int8', hold_id: 'int8', decision: 'text', machine_ids: 'json', at: 'text', ...who },
      source.holdAudit,
      copied,
      true,
    );
    await insertRows(client, 'feed_baseline', { active: 'int', since: 'text' }, feedBaseline, copied);
    await insertRows(client, 'meta', { key: 'text', value: 'text' }, meta, copied);
    await insertEach(
      client,
      'accounts',
      [
        'name',
        'password_hash',
        'role',
        'districts',
        'disabled',
        'must_change_password',
        'created_at',
        'last_sign_in_at',
        'password_changed_at',
      ],
      accounts,
      copied,
    );
    await insertEach(
      client,
      'api_tokens',
      [
        'id',
        'name',
        'secret_hash',
        'hint',
        'role',
        'districts',
        'created_by',
        'created_at',
        'expires_at',
        'last_used_at',
        'revoked_at',
        'revoked_by',
      ],
      apiTokens,
      copied,
      true,
    );
    await insertRows(
      client,
      'access_audit',
      { id: 'int4', at: 'text', ...who, action: 'text', subject: 'text', detail: 'jsonb' },
      accessAudit,
      copied,
      true,
    );
    await copyAlertTables(client, source, copied);
    return {
      machines: machines.length,
      photos: files.length,
      statusAudit: statusAudit.length,
      importAudit: importAudit.length,
      history: history.length,
      accounts: accounts.length,
      apiTokens: apiTokens.length,
      accessAudit: accessAudit.length,
      alertRules: alertRules.length,
      alerts: alerts.length,
      webhooks: webhooks.length,
      deliveries: webhookDeliveries.length,
    };
  });
}

/** The alert rules, the alerts they opened, the webhooks and their delivery log, with their ids (rows refer to them). */
async function copyAlertTables(client: Queryable, source: SqliteTables, copied: (rows: number) => void): Promise<void> {
  const time = 'text';
  await insertRows(
    client,
    'alert_rules',
    {
      id: 'int4',
      kind: 'text',
      minutes: 'int4',
      district: 'text',
      enabled: 'bool',
      created_at: time,
      updated_at: time,
    },
    source.alertRules,
    copied,
    true,
  );
  await insertRows(
    client,
    'alerts',
    {
      id: 'int4',
      rule_id: 'int4',
      kind: 'text',
      subject: 'text',
      machine_id: 'text',
      district: 'text',
      minutes: 'int4',
      since: time,
      opened_at: time,
      closed_at: time,
    },
    source.alerts,
    copied,
    true,
  );
  await insertRows(
    client,
    'webhooks',
    { id: 'int4', url: 'text', secret: 'text', description: 'text', enabled: 'bool', created_at: time },
    source.webhooks,
    copied,
    true,
  );
  await insertRows(
    client,
    'webhook_deliveries',
    {
      id: 'text',
      webhook_id: 'int4',
      alert_id: 'int4',
      event: 'text',
      body: 'text',
      state: 'text',
      attempts: 'int4',
      next_attempt_at: time,
      last_status: 'int4',
      last_error: 'text',
      created_at: time,
      delivered_at: time,
    },
    source.webhookDeliveries,
    copied,
  );
}
