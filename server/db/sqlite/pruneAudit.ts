import type { Db } from './open';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

const AUDIT_TABLES = ['machine_status_audit', 'machine_import_audit', 'feed_hold_audit'] as const;

/**
 * SQLite: deletes the audit entries (status updates, imports, decisions on holds) and the feed's holds decided before the last
 * `retentionDays` (a hold still waiting, or still keeping machines, stays); answers how many.
 */
export function pruneAudit(db: Db, retentionDays: number, now = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * MS_PER_DAY).toISOString();
  return db
    .transaction(
      () =>
        AUDIT_TABLES.reduce(
          (deleted, table) => deleted + db.prepare(`DELETE FROM ${table} WHERE at < ?`).run(cutoff).changes,
          0,
        ) + db.prepare("DELETE FROM feed_holds WHERE decided_at < ? AND kept_ids = '[]'").run(cutoff).changes,
    )
    .immediate();
}
