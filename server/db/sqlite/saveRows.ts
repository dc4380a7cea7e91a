import type { Db } from './open';
import type { RowPhoto } from '../engine';
import type { FileStore } from './fileStore';
import { prepareHistoryInsert, readStates } from './historyEntries';
import { countMachines, prepareUpsert } from './machines';
import { sameHistoryState, stateOf } from '../../machines/history';
import type { MachineRow } from '../../machines/validate';

import type { RowsSaved, SaveCounts } from '../engine';

/** Rows between two reports of `onSaved`. */
const SAVED_REPORT_EVERY_ROWS = 500;

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
  onSaved?: RowsSaved,
): SaveCounts {
  const upsert = prepareUpsert(db);
  const addHistory = prepareHistoryInsert(db);
  return db.transaction(() => {
    // Rows are only ever added or replaced, and the ids are unique, so the count tells the two apart.
    const before = countMachines(db);
    const states =
      historyAt === undefined
        ? null
        : readStates(
            db,
            rows.map((row) => row.id),
          );
    for (const [i, row] of rows.entries()) {
      const photo = photos.get(row.id);
      if (photo) store.record(photo.blob, photo.originalName);
      upsert(row, photo?.blob.id ?? null);
      if ((i + 1) % SAVED_REPORT_EVERY_ROWS === 0 || i + 1 === rows.length) onSaved?.(i + 1);
      if (states === null || historyAt === undefined) continue;
      const state = stateOf(row);
      const was = states.get(row.id);
      if (was === undefined || !sameHistoryState(was, state)) addHistory(row.id, state, historyAt);
    }
    const inserted = countMachines(db) - before;
    return { inserted, updated: rows.length - inserted };
  })();
}
