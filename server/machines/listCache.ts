import type { Db } from '../db/open';

/**
 * The list call's body (whatever `build` makes of the machines), rebuilt only when the database changed.
 * `data_version` moves on commits from other connections (the import command); `total_changes()` on this
 * connection's own writes (uploads, operator updates). Either moving means the cached body may be stale.
 * Nothing is built until a list call asks, one build runs at a time, and callers asking while it runs
 * share it.
 */
export function createListCache<T>(db: Db, build: () => Promise<T>): () => Promise<T> {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  let cached: { key: string; list: T } | null = null;
  let pending: { key: string; list: Promise<T> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  return () => {
    // Read before the build starts, so the body is at least as new as its key: a later change moves the key.
    const key = `${String(dataVersion.get())}:${String(totalChanges.get())}`;
    if (cached?.key === key) return Promise.resolve(cached.list);
    if (pending?.key === key) return pending.list;
    const entry = { key, list: previous.then(build) };
    pending = entry;
    previous = entry.list.then(
      (list) => {
        if (pending === entry) [pending, cached] = [null, { key, list }];
      },
      () => {
        if (pending === entry) pending = null;
      },
    );
    return entry.list;
  };
}
