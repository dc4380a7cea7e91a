import type { Db } from './open';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** How often a running server forgets audit entries past the retention. */
export const AUDIT_PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

const AUDIT_TABLES = ['machine_status_audit', 'machine_import_audit'] as const;

/** Deletes the audit entries (status updates and imports) older than `retentionDays`; answers how many. */
export function pruneAudit(db: Db, retentionDays: number, now = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * MS_PER_DAY).toISOString();
  return db
    .transaction(() =>
      AUDIT_TABLES.reduce(
        (deleted, table) => deleted + db.prepare(`DELETE FROM ${table} WHERE at < ?`).run(cutoff).changes,
        0,
      ),
    )
    .immediate();
}

/**
 * Prunes now and then every hour while the server runs. A failed pass (the database busy with an import)
 * is logged and left to the next one.
 */
export function startAuditPruning(db: Db, retentionDays: number, warn: (message: string) => void): () => void {
  const prune = (): void => {
    try {
      pruneAudit(db, retentionDays);
    } catch (error) {
      warn(`audit retention: ${(error as Error).message}; trying again in an hour`);
    }
  };
  prune();
  const timer = setInterval(prune, AUDIT_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
