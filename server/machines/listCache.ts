import type { Db } from '../db/open';

export interface CachedList {
  json: string;
  etag: string;
}

/**
 * The list call's body and ETag, rebuilt only when the database changed. `data_version` moves on
 * commits from other connections (the import command); `total_changes()` on this connection's own
 * writes (uploads, operator updates). Either moving means the cached body may be stale.
 */
export function createListCache<T = CachedList>(db: Db, build: () => T): () => T {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  let key = '';
  let cached: T | null = null;
  return () => {
    const now = `${String(dataVersion.get())}:${String(totalChanges.get())}`;
    if (!cached || now !== key) {
      cached = build();
      key = now;
    }
    return cached;
  };
}
