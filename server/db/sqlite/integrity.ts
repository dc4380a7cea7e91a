import type Database from 'better-sqlite3';

/** The database file cannot be trusted: the server and the import command refuse to start on it. */
export class DatabaseDamagedError extends Error {
  override name = 'DatabaseDamagedError';
  constructor(file: string, problem: string) {
    super(
      `the database file ${file} is damaged (${problem}); restore it from a backup, or move it aside to start with an empty one`,
    );
  }
}

/** SQLite's own word for a file it cannot read as a database (SQLITE_CORRUPT and its variants, SQLITE_NOTADB). */
export function isDamageError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/**
 * The first problem `PRAGMA quick_check` finds, or null when every page checks out. It reads every page, so a
 * table whose pages are damaged is found at start, not by the first list call (an index can still count it).
 */
export function findDamage(db: Database.Database): string | null {
  let rows: { quick_check: string }[];
  try {
    rows = db.pragma('quick_check') as { quick_check: string }[];
  } catch (error) {
    if (isDamageError(error)) return error.message;
    throw error;
  }
  const lines = rows
    .flatMap((row) => row.quick_check.split('\n'))
    .filter((line) => line !== 'ok' && !line.startsWith('*** '));
  return lines[0] ?? null;
}
