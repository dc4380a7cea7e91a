import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type Db = Database.Database;

/** How long a writer waits for another process (e.g. the import command) to release the lock. */
const BUSY_TIMEOUT_MS = 5_000;

/** Opens the database in WAL mode with foreign keys on and brings the schema up to date. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
