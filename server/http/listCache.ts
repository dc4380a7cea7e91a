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
 * Keeps what `build` made while `readKey` answers the same (a key read synchronously is read at the moment of the
 * call). Nothing is built until someone asks, and one build runs at a time. Callers who find the database changed
 * while a build runs share one next build, which reads the key again when it starts: however often the database
 * changes, at most one build waits.
 */
export function createListCache<T>(readKey: () => string | Promise<string>, build: () => Promise<T>): ListCache<T> {
  let cached: { key: string; list: T } | null = null;
  let running: { key: string; list: Promise<T> } | null = null;
  let next: Promise<T> | null = null;
  let lastOutcome: Promise<T> | null = null;

  // The key is read before the build starts, so the value is at least as new as its key: a later change moves it.
  const start = (key: string): Promise<T> => {
    const entry = { key, list: build() };
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

  const forKey = (key: string): Promise<T> => {
    if (cached?.key === key) return Promise.resolve(cached.list);
    if (!running) return start(key);
    if (running.key === key) return running.list;
    next ??= running.list
      .catch(() => undefined)
      .then(() => {
        next = null;
        return current();
      });
    return next;
  };

  const current = (): Promise<T> => {
    const key = readKey();
    return typeof key === 'string' ? forKey(key) : key.then(forKey);
  };

  return { current, latest: () => lastOutcome };
}
