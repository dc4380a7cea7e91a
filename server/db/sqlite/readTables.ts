import fs from 'node:fs/promises';
import Database from 'better-sqlite3';
import { CopyError, type SqliteTables, type TableRow } from '../sqliteTables';
import { fromStoredState, type StoredState } from '../stateRecord';
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
    return {
      machines: all('SELECT * FROM machines ORDER BY id'),
      files: all('SELECT * FROM files ORDER BY id'),
      statusAudit: all('SELECT * FROM machine_status_audit ORDER BY id'),
      importAudit: all('SELECT * FROM machine_import_audit ORDER BY id'),
      meta: all('SELECT * FROM meta ORDER BY key'),
      history: all('SELECT * FROM machine_history ORDER BY id').map((entry) =>
        fromStoredState(entry as TableRow & StoredState),
      ),
      feedPhotos: all('SELECT * FROM feed_photos ORDER BY feed_id'),
      feedHolds: all('SELECT * FROM feed_holds ORDER BY id'),
      holdAudit: all('SELECT * FROM feed_hold_audit ORDER BY id'),
      feedBaseline: all('SELECT active, since FROM feed_baseline'),
      accounts: all('SELECT * FROM accounts ORDER BY name').map((account) => ({
        ...account,
        districts: JSON.parse(String(account.districts)) as unknown,
        disabled: account.disabled === 1,
        must_change_password: account.must_change_password === 1,
      })),
      apiTokens: all('SELECT * FROM api_tokens ORDER BY id').map((token) => ({
        ...token,
        districts: JSON.parse(String(token.districts)) as unknown,
      })),
      accessAudit: all('SELECT * FROM access_audit ORDER BY id'),
      alertRules: all('SELECT * FROM alert_rules ORDER BY id').map((rule) => ({
        ...rule,
        enabled: rule.enabled === 1,
      })),
      alerts: all('SELECT * FROM alerts ORDER BY id'),
      webhooks: all('SELECT * FROM webhooks ORDER BY id').map((hook) => ({ ...hook, enabled: hook.enabled === 1 })),
      webhookDeliveries: all('SELECT * FROM webhook_deliveries ORDER BY created_at, id'),
    };
  } finally {
    source.close();
  }
}
