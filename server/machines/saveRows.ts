import type { Db } from '../db/open';
import type { FileStore } from '../files/store';
import type { RowPhoto } from './photos';
import { upsertMachine } from './repository';
import type { MachineRow } from './validate';

export interface SaveCounts {
  inserted: number;
  updated: number;
}

/** Upserts the rows and records their photos, all or nothing. Nested in a caller's transaction it becomes a savepoint. */
export function saveMachineRows(
  db: Db,
  store: FileStore,
  rows: readonly MachineRow[],
  photos: ReadonlyMap<string, RowPhoto>,
): SaveCounts {
  return db.transaction(() => {
    const counts: SaveCounts = { inserted: 0, updated: 0 };
    for (const row of rows) {
      const photo = photos.get(row.id);
      if (photo) store.record(photo.blob, photo.originalName);
      counts[upsertMachine(db, row, photo?.blob.id ?? null)] += 1;
    }
    return counts;
  })();
}
