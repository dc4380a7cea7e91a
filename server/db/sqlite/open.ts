import Database from 'better-sqlite3';
import { DatabaseDamagedError, findDamage, isDamageError } from './integrity';
import { migrate } from './migrations';

export type Db = Database.Database;

/** How long the import command (and a migration at start) waits for another process to release the lock. */
const BUSY_TIMEOUT_MS = 5_000;
/**
 * How long the server waits for the lock. SQLite waits synchronously, so this is how long one request
 * may stop the event loop: short, and a write that cannot have the lock answers 503 (isBusyError).
 */
export const SERVER_BUSY_TIMEOUT_MS = 20;

/**
 * Opens the database in WAL mode with foreign keys on, checks that its pages are intact, and brings the schema
 * up to date. A damaged file is a DatabaseDamagedError naming it.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const damage = findDamage(db);
    if (damage !== null) throw new DatabaseDamagedError(file, damage);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw isDamageError(error) ? new DatabaseDamagedError(file, error.message) : error;
  }
}

/**
 * A second connection to the same file, for long reads in steps (a machine reader): its read transaction
 * keeps one snapshot while the server's own connection goes on writing.
 */
export function openReader(db: Db): Db {
  const reader = new Database(db.name, { fileMustExist: true, timeout: SERVER_BUSY_TIMEOUT_MS });
  reader.pragma('query_only = ON');
  return reader;
}

/** From now on `db` waits for another process's lock only as long as a server may stop its event loop. */
export function waitBrieflyForLocks(db: Db): void {
  db.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
}

/** SQLite could not have the lock in time: another process (the import command) is writing. */
export function isBusyError(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}
