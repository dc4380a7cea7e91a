import type { Db } from './open';
import { importsAfter, lastImportId, type ImportAuditEntry } from './importAudit';

/** How often the server looks for an import made by another process (the import command). */
export const IMPORT_POLL_MS = 1000;

/**
 * Calls `onImport` for each import another process records from now on. It polls `PRAGMA data_version`,
 * which moves only when another connection commits, so a quiet database costs one cheap read a second.
 */
export function watchImports(
  db: Db,
  onImport: (entry: ImportAuditEntry) => void,
  onError: (error: unknown) => void,
  pollMs = IMPORT_POLL_MS,
): () => void {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let version = dataVersion.get();
  let lastId = lastImportId(db);
  const timer = setInterval(() => {
    try {
      const now = dataVersion.get();
      if (now === version) return;
      version = now;
      for (const entry of importsAfter(db, lastId)) {
        lastId = entry.id;
        onImport(entry);
      }
    } catch (error) {
      onError(error);
    }
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
