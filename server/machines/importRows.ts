import path from 'node:path';
import { markSeeded } from '../db/seed';
import type { Db } from '../db/open';
import type { FileStore } from '../files/store';
import { CsvError } from './csv';
import { DEFAULT_IMPORT_ACTOR, recordImport } from './importAudit';
import { storeRowPhotos } from './photos';
import { checkRowsFile, RowsFileError } from './readRows';
import { saveMachineRows } from './saveRows';
import type { RowsResult } from './validate';

export type ImportResult =
  { ok: true; inserted: number; updated: number; photos: number; warnings: string[] } | { ok: false; errors: string[] };

/**
 * Loads a CSV or JSON data set: every row is checked first and nothing is written unless all are
 * good. Photos are looked up next to the file; a machine whose row names no usable photo keeps its own.
 * The file is read and checked before the write lock is taken, so the lock is held only for the writing.
 */
export async function importMachinesFile(
  file: string,
  db: Db,
  store: FileStore,
  maxPhotoBytes: number,
  actor = DEFAULT_IMPORT_ACTOR,
): Promise<ImportResult> {
  let checked: RowsResult;
  try {
    const check = await checkRowsFile(file);
    if (check.count === 0) return { ok: false, errors: ['the file holds no machines'] };
    checked = check.result();
  } catch (error) {
    if (error instanceof CsvError || error instanceof RowsFileError) return { ok: false, errors: [error.message] };
    throw error;
  }
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const { rows } = checked;

  const { photos, errors, warnings } = await storeRowPhotos(rows, path.dirname(file), store, maxPhotoBytes);
  if (errors.length > 0) return { ok: false, errors };

  // IMMEDIATE: take the write lock up front rather than fail to upgrade while the server writes.
  const counts = db
    .transaction(() => {
      const saved = saveMachineRows(db, store, rows, photos);
      recordImport(db, { source: file, ...saved, photos: photos.size, at: new Date().toISOString(), actor });
      // Real data is in: demo data must never be added on a later start.
      markSeeded(db);
      return saved;
    })
    .immediate();
  return { ok: true, ...counts, photos: photos.size, warnings };
}
