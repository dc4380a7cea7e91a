import type { Db } from '../db/open';

/** What `build` makes of the database, rebuilt only when the database changed. */
export interface ListCache<T> {
  /** What the database holds now: the kept value, or a build (shared with every caller asking while it runs). */
  current(): Promise<T>;
  /**
   * The last finished build, which is at most one build old (a change starts a new one), or the running build
   * when none has finished yet; rejects when the last build failed or the database cannot be read. For a check that
   * must not wait for a rebuild.
   */
  latest(): Promise<T>;
}

/**
 * SQLite's change key: `data_version` moves on commits from other connections (the import command);
 * `total_changes()` on this connection's own writes (uploads, operator updates).
 */
export function sqliteChangeKey(db: Db): () => string {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  return () => `${String(dataVersion.get())}:${String(totalChanges.get())}`;
}

/**
 * Keeps what `build` made while `readKey` answers the same; a key read synchronously is read at the moment of the
 * call. Nothing is built until someone asks, and one build runs at a time.
 */
export function createListCache<T>(readKey: () => string | Promise<string>, build: () => Promise<T>): ListCache<T> {
  let cached: { key: string; list: T } | null = null;
  let pending: { key: string; list: Promise<T> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  let lastOutcome: Promise<T> | null = null;
  // The key is read before the build starts, so the value is at least as new as its key: a later change moves it.
  const forKey = (key: string): Promise<T> => {
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
  const current = (): Promise<T> => {
    const key = readKey();
    return typeof key === 'string' ? forKey(key) : key.then(forKey);
  };
  return {
    current,
    latest() {
      const key = readKey();
      const latestFor = (read: string): Promise<T> => {
        const running = forKey(read);
        return lastOutcome ?? running;
      };
      return typeof key === 'string' ? latestFor(key) : key.then(latestFor);
    },
  };
}
