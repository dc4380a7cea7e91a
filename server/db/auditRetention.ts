import type { Engine } from './engine';
import type { Db } from './open';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** How often a running server forgets audit entries past the retention. */
export const AUDIT_PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

const AUDIT_TABLES = ['machine_status_audit', 'machine_import_audit'] as const;

/** SQLite: deletes the audit entries (status updates and imports) older than `retentionDays`; answers how many. */
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
export async function startAuditPruning(
  engine: Engine,
  retentionDays: number,
  warn: (message: string) => void,
): Promise<() => void> {
  const prune = (): Promise<void> =>
    engine.pruneAudit(retentionDays).then(
      () => undefined,
      (error: unknown) => warn(`audit retention: ${(error as Error).message}; trying again in an hour`),
    );
  await prune();
  const timer = setInterval(() => void prune(), AUDIT_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
