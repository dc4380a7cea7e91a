import path from 'node:path';
import type { Engine } from '../db/engine';
import { CsvError } from '../machines/csv';
import { checkRowsFile, RowsFileError } from '../machines/readRows';
import type { RowsResult } from '../machines/validate';
import { storeRowPhotos } from './photos';

/** Who loaded a file when no one is named: the import command run by hand. */
export const DEFAULT_IMPORT_ACTOR = 'import command';

export type ImportResult =
  { ok: true; inserted: number; updated: number; photos: number; warnings: string[] } | { ok: false; errors: string[] };

/**
 * Loads a CSV or JSON data set: every row is checked first and nothing is written unless all are
 * good. Photos are looked up next to the file; a machine whose row names no usable photo keeps its own.
 * The file is read and checked before the write lock is taken, so the lock is held only for the writing,
 * which records the import in the audit and marks the data set as seeded in the same transaction.
 */
export async function importMachinesFile(
  file: string,
  engine: Engine,
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

  const { photos, errors, warnings } = await storeRowPhotos(rows, path.dirname(file), engine.files, maxPhotoBytes);
  if (errors.length > 0) return { ok: false, errors };

  const counts = await engine.saveMachines(rows, photos, { source: file, at: new Date().toISOString(), actor });
  return { ok: true, ...counts, photos: photos.size, warnings };
}
