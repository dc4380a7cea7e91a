import type { Db } from './open';
import type { RowPhoto } from '../engine';
import type { FileStore } from './fileStore';
import { prepareHistoryInsert, prepareStateRead } from './historyEntries';
import { countMachines, prepareUpsert } from './machines';
import { sameHistoryState, stateOf } from '../../machines/history';
import type { MachineRow } from '../../machines/validate';

import type { SaveCounts } from '../engine';

/**
 * SQLite: upserts the rows and records their photos, all or nothing. With `historyAt` (an import) each machine the
 * rows add, or whose state they change, gets a history entry at that time, as a feed's sync does. Nested in a
 * caller's transaction it becomes a savepoint.
 */
export function saveMachineRows(
  db: Db,
  store: FileStore,
  rows: readonly MachineRow[],
  photos: ReadonlyMap<string, RowPhoto>,
  historyAt?: string,
): SaveCounts {
  const upsert = prepareUpsert(db);
  const readState = prepareStateRead(db);
  const addHistory = prepareHistoryInsert(db);
  return db.transaction(() => {
    // Rows are only ever added or replaced, and the ids are unique, so the count tells the two apart.
    const before = countMachines(db);
    for (const row of rows) {
      const photo = photos.get(row.id);
      if (photo) store.record(photo.blob, photo.originalName);
      const was = historyAt === undefined ? null : readState(row.id);
      upsert(row, photo?.blob.id ?? null);
      const state = stateOf(row);
      if (historyAt !== undefined && (was === null || !sameHistoryState(was, state)))
        addHistory(row.id, state, historyAt);
    }
    const inserted = countMachines(db) - before;
    return { inserted, updated: rows.length - inserted };
  })();
}
