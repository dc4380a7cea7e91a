import path from 'node:path';
import { markSeeded } from '../db/seed';
import type { Db } from '../db/open';
import type { FileStore } from '../files/store';
import { CsvError } from './csv';
import { storeRowPhotos } from './photos';
import { readRowsFile, RowsFileError } from './readRows';
import { saveMachineRows } from './saveRows';
import { validateMachineRows } from './validate';

export type ImportResult =
  { ok: true; inserted: number; updated: number; photos: number; warnings: string[] } | { ok: false; errors: string[] };

/**
 * Loads a CSV or JSON data set: every row is checked first and nothing is written unless all are
 * good. Photos are looked up next to the file; a machine whose row names no usable photo keeps its own.
 */
export async function importMachinesFile(
  file: string,
  db: Db,
  store: FileStore,
  maxPhotoBytes: number,
): Promise<ImportResult> {
  let rows;
  try {
    rows = await readRowsFile(file);
  } catch (error) {
    if (error instanceof CsvError || error instanceof RowsFileError) return { ok: false, errors: [error.message] };
    throw error;
  }
  if (rows.length === 0) return { ok: false, errors: ['the file holds no machines'] };
  const checked = validateMachineRows(rows);
  if (!checked.ok) return { ok: false, errors: checked.errors };

  const { photos, errors, warnings } = await storeRowPhotos(checked.rows, path.dirname(file), store, maxPhotoBytes);
  if (errors.length > 0) return { ok: false, errors };

  // IMMEDIATE: take the write lock up front rather than fail to upgrade while the server writes.
  const counts = db
    .transaction(() => {
      const saved = saveMachineRows(db, store, checked.rows, photos);
      // Real data is in: demo data must never be added on a later start.
      markSeeded(db);
      return saved;
    })
    .immediate();
  return { ok: true, ...counts, photos: photos.size, warnings };
}
