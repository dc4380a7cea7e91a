import type { Db } from '../db/open';

/** What `build` makes of the database, rebuilt only when the database changed. */
export interface ListCache<T> {
  /** What the database holds now: the kept value, or a build (shared with every caller asking while it runs). */
  current(): Promise<T>;
  /**
   * The last finished build, which is at most one build old (a change starts a new one), or the running build
   * when none has finished yet; rejects when the last build failed. For a check that must not wait for a rebuild.
   */
  latest(): Promise<T>;
}

/**
 * `data_version` moves on commits from other connections (the import command); `total_changes()` on this
 * connection's own writes (uploads, operator updates). Either moving means the kept value may be stale.
 * Nothing is built until someone asks, and one build runs at a time.
 */
export function createListCache<T>(db: Db, build: () => Promise<T>): ListCache<T> {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  let cached: { key: string; list: T } | null = null;
  let pending: { key: string; list: Promise<T> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  let lastOutcome: Promise<T> | null = null;
  const current = (): Promise<T> => {
    // Read before the build starts, so the value is at least as new as its key: a later change moves the key.
    const key = `${String(dataVersion.get())}:${String(totalChanges.get())}`;
    if (cached?.key === key) return Promise.resolve(cached.list);
    if (pending?.key === key) return pending.list;
    const entry = { key, list: previous.then(build) };
    pending = entry;
    previous = entry.list.then(
      (list) => {
        lastOutcome = entry.list;
        if (pending === entry) [pending, cached] = [null, { key, list }];
      },
      () => {
        lastOutcome = entry.list;
        if (pending === entry) pending = null;
      },
    );
    return entry.list;
  };
  return {
    current,
    latest() {
      const running = current();
      return lastOutcome ?? running;
    },
  };
}
