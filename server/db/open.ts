import Database from 'better-sqlite3';
import { DatabaseDamagedError, findDamage, isDamageError } from './integrity';
import { migrate } from './migrations';

export type Db = Database.Database;

/** How long a writer waits for another process (e.g. the import command) to release the lock. */
const BUSY_TIMEOUT_MS = 5_000;

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
