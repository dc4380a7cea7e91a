import type { Db } from './open';

/** Set once the machines table has had data (demo or imported); an operator who empties it is not re-seeded. */
export const SEEDED_META_KEY = 'seeded_at';

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key);
  return typeof row === 'string' ? row : undefined;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
