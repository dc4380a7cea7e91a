import path from 'node:path';
import fs from 'node:fs/promises';
import type { Engine } from '../db/engine';
import { CsvError } from '../machines/csv';
import { checkRowsFile, RowsFileError } from '../machines/readRows';
import type { RowsResult } from '../machines/validate';
import type { ProgressReport } from '../progress';
import { storeRowPhotos } from './photos';

/** Who loaded a file when no one is named: the import command run by hand. */
export const DEFAULT_IMPORT_ACTOR = 'import command';

export type ImportResult =
  { ok: true; inserted: number; updated: number; photos: number; warnings: string[] } | { ok: false; errors: string[] };

/**
 * Loads a CSV or JSON data set: every row is checked first and nothing is written unless all are
 * good. Photos are looked up in `photosDir` (by default next to the file); a machine whose row names no usable photo
 * keeps its own.
 * The file is read and checked before the write lock is taken, so the lock is held only for the writing,
 * which records the import in the audit and marks the data set as seeded in the same transaction. `progress` hears
 * each phase: reading and checking (bytes of the file), photos, saving (rows).
 */
export async function importMachinesFile(
  file: string,
  engine: Engine,
  maxPhotoBytes: number,
  actor = DEFAULT_IMPORT_ACTOR,
  progress?: ProgressReport,
  photosDir = path.dirname(file),
): Promise<ImportResult> {
  let checked: RowsResult;
  try {
    if (progress) progress.begin('reading and checking', 'bytes', (await fs.stat(file)).size);
    const check = await checkRowsFile(file, (bytes) => progress?.update(bytes));
    if (check.count === 0) return { ok: false, errors: ['the file holds no machines'] };
    checked = check.result();
  } catch (error) {
    if (error instanceof CsvError || error instanceof RowsFileError) return { ok: false, errors: [error.message] };
    throw error;
  }
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const { rows } = checked;

  progress?.begin('storing photos', 'photos', rows.filter((row) => row.photo).length);
  const { photos, errors, warnings } = await storeRowPhotos(rows, photosDir, engine.files, maxPhotoBytes, (n) =>
    progress?.update(n),
  );
  if (errors.length > 0) return { ok: false, errors };

  progress?.begin('saving', 'rows', rows.length);
  const counts = await engine.saveMachines(
    rows,
    photos,
    { source: file, at: new Date().toISOString(), actor },
    (saved) => progress?.update(saved),
  );
  return { ok: true, ...counts, photos: photos.size, warnings };
}
