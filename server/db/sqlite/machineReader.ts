import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MachineReader } from '../engine';
import { toApiMachine, type MachineRecord } from '../machineRecord';
import { openReader, type Db } from './open';

/**
 * SQLite's change key: `data_version` moves on commits from other connections (the import command);
 * `total_changes()` on this connection's own writes (uploads, operator updates).
 */
function sqliteChangeKey(db: Db): () => string {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  return () => `${String(dataVersion.get())}:${String(totalChanges.get())}`;
}

/**
 * Reads through a second connection, closed by `close`: its read transaction keeps one snapshot while `db` goes on
 * writing. Each page after the first waits a turn of the event loop, so a long read never holds up other requests.
 */
export function openMachineReader(db: Db): MachineReader {
  const reader = openReader(db);
  return {
    changeKey: sqliteChangeKey(db),
    async readPages(read) {
      const page = reader.prepare('SELECT * FROM machines WHERE id > ? ORDER BY id LIMIT ?');
      reader.exec('BEGIN');
      try {
        let first = true;
        return await read(async (afterId, limit) => {
          if (!first) await nextTurn();
          first = false;
          return (page.all(afterId, limit) as MachineRecord[]).map(toApiMachine);
        });
      } finally {
        reader.exec('COMMIT');
      }
    },
    close: async () => void reader.close(),
  };
}
