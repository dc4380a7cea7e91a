import type { Db } from '../db/open';

/** What `build` makes of the database, rebuilt only when the database changed. */
export interface ListCache<T> {
  /** What the database holds now: the kept value, or a build (shared with every caller asking while it runs). */
  current(): Promise<T>;
  /**
   * The last finished build (rejected when it failed), or null before the first has finished. It starts no
   * build: for a check that must be cheap however large the list.
   */
  latest(): Promise<T> | null;
}

/**
 * `data_version` moves on commits from other connections (the import command); `total_changes()` on this
 * connection's own writes (uploads, operator updates). Either moving means the kept value may be stale.
 * Nothing is built until someone asks, and one build runs at a time. Callers who find the database changed
 * while a build runs share one next build, which reads the database when it starts: however often it changes,
 * at most one build waits.
 */
export function createListCache<T>(db: Db, build: () => Promise<T>): ListCache<T> {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const keyNow = () => `${String(dataVersion.get())}:${String(totalChanges.get())}`;
  let cached: { key: string; list: T } | null = null;
  let running: { key: string; list: Promise<T> } | null = null;
  let next: Promise<T> | null = null;
  let lastOutcome: Promise<T> | null = null;

  const start = (): Promise<T> => {
    // Read before the build starts, so the value is at least as new as its key: a later change moves the key.
    const entry = { key: keyNow(), list: build() };
    running = entry;
    entry.list.then(
      (list) => {
        [running, lastOutcome, cached] = [null, entry.list, { key: entry.key, list }];
      },
      () => {
        [running, lastOutcome] = [null, entry.list];
      },
    );
    return entry.list;
  };

  const current = (): Promise<T> => {
    const key = keyNow();
    if (cached?.key === key) return Promise.resolve(cached.list);
    if (!running) return start();
    if (running.key === key) return running.list;
    next ??= running.list
      .catch(() => undefined)
      .then(() => {
        next = null;
        return current();
      });
    return next;
  };

  return { current, latest: () => lastOutcome };
}
