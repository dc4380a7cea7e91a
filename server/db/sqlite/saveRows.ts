import type { Db } from './open';
import type { RowPhoto } from '../engine';
import type { FileStore } from './fileStore';
import { countMachines, prepareUpsert } from './machines';
import type { MachineRow } from '../../machines/validate';

import type { SaveCounts } from '../engine';

/** SQLite: upserts the rows and records their photos, all or nothing. Nested in a caller's transaction it becomes a savepoint. */
export function saveMachineRows(
  db: Db,
  store: FileStore,
  rows: readonly MachineRow[],
  photos: ReadonlyMap<string, RowPhoto>,
): SaveCounts {
  const upsert = prepareUpsert(db);
  return db.transaction(() => {
    // Rows are only ever added or replaced, and the ids are unique, so the count tells the two apart.
    const before = countMachines(db);
    for (const row of rows) {
      const photo = photos.get(row.id);
      if (photo) store.record(photo.blob, photo.originalName);
      upsert(row, photo?.blob.id ?? null);
    }
    const inserted = countMachines(db) - before;
    return { inserted, updated: rows.length - inserted };
  })();
}
