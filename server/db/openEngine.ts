import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { Engine } from './engine';
import { COMMAND_LOCK_TIMEOUT_MS, PgEngine, SERVER_LOCK_TIMEOUT_MS } from './pg/engine';
import { SqliteEngine } from './sqlite/engine';

/**
 * PostgreSQL when RVM_DATABASE_URL is set, else the SQLite file (its folder and the photo folder made when missing);
 * migrated either way. A `server` waits briefly for another writer's lock and answers 503; a `command` waits longer.
 */
export async function openEngine(
  config: Pick<ServerConfig, 'databaseUrl' | 'pgPoolMax' | 'dbPath' | 'filesDir'>,
  role: 'server' | 'command',
  onIdleError?: (error: Error) => void,
): Promise<Engine> {
  if (config.databaseUrl !== null) {
    return PgEngine.open(config.databaseUrl, {
      poolMax: config.pgPoolMax,
      lockTimeoutMs: role === 'server' ? SERVER_LOCK_TIMEOUT_MS : COMMAND_LOCK_TIMEOUT_MS,
      onIdleError,
    });
  }
  fs.mkdirSync(path.dirname(config.dbPath), { recursive: true });
  fs.mkdirSync(config.filesDir, { recursive: true });
  return SqliteEngine.open(config.dbPath, config.filesDir, role);
}
