import type { Db } from './open';
import type { RowPhoto } from '../engine';
import type { FileStore } from './fileStore';
import { countMachines, prepareUpsert } from './machines';
import type { MachineRow } from '../../machines/validate';

import type { RowsSaved, SaveCounts } from '../engine';

/** Rows between two reports of `onSaved`. */
const SAVED_REPORT_EVERY_ROWS = 500;

/** SQLite: upserts the rows and records their photos, all or nothing. Nested in a caller's transaction it becomes a savepoint. */
export function saveMachineRows(
  db: Db,
  store: FileStore,
  rows: readonly MachineRow[],
  photos: ReadonlyMap<string, RowPhoto>,
  onSaved?: RowsSaved,
): SaveCounts {
  const upsert = prepareUpsert(db);
  return db.transaction(() => {
    // Rows are only ever added or replaced, and the ids are unique, so the count tells the two apart.
    const before = countMachines(db);
    rows.forEach((row, i) => {
      const photo = photos.get(row.id);
      if (photo) store.record(photo.blob, photo.originalName);
      upsert(row, photo?.blob.id ?? null);
      if ((i + 1) % SAVED_REPORT_EVERY_ROWS === 0 || i + 1 === rows.length) onSaved?.(i + 1);
    });
    const inserted = countMachines(db) - before;
    return { inserted, updated: rows.length - inserted };
  })();
}
