import path from 'node:path';
import fs from 'node:fs/promises';
import type { ActorKind } from '../accounts/actor';
import type { Engine } from '../db/engine';
import { CsvError } from '../machines/csv';
import { checkRowsFile, RowsFileError } from '../machines/readRows';
import type { AcceptedRowSink, MachineRow, RowsCheck } from '../machines/validate';
import type { ProgressReport } from '../progress';
import { storeRowPhotos } from './photos';

/** Who loaded a file when no one is named: the import command run by hand. */
export const DEFAULT_IMPORT_ACTOR = 'import command';

export type ImportResult =
  { ok: true; inserted: number; updated: number; photos: number; warnings: string[] } | { ok: false; errors: string[] };

/** A file read and every row checked, or why it could not be read at all. */
export type FileCheck = { ok: true; check: RowsCheck } | { ok: false; errors: string[] };

/** Who the audit names for an import: the command's account, a person signed in, or a token; and from where. */
export interface ImportActor {
  name: string;
  kind: ActorKind;
  /** The client address; null for the command. */
  address: string | null;
}

export interface WriteOptions {
  /** The data file as the audit names it. */
  source: string;
  actor: ImportActor;
  maxPhotoBytes: number;
  /** Where the rows' photos are; null when none came with the file (a browser import): each machine keeps its own. */
  photosDir: string | null;
  progress?: ProgressReport;
}

/**
 * Reads a CSV or JSON data set and checks every row with the contract's rules; `progress` hears the bytes read. The
 * import command and the console's preview both start here; `sink` takes each accepted row instead of the check.
 */
export async function checkImportFile(
  file: string,
  progress?: ProgressReport,
  sink?: AcceptedRowSink,
): Promise<FileCheck> {
  try {
    if (progress) progress.begin('reading and checking', 'bytes', (await fs.stat(file)).size);
    const check = await checkRowsFile(file, (bytes) => progress?.update(bytes), sink);
    if (check.count === 0) return { ok: false, errors: ['the file holds no machines'] };
    return { ok: true, check };
  } catch (error) {
    if (error instanceof CsvError || error instanceof RowsFileError) return { ok: false, errors: [error.message] };
    throw error;
  }
}

/**
 * Writes checked rows as an import: their photos first, then every row in one transaction with its history, the
 * import audit (who, from where) and the data set marked as seeded. `progress` hears photos, then rows saved.
 */
export async function writeImportRows(
  rows: readonly MachineRow[],
  engine: Engine,
  { source, actor, maxPhotoBytes, photosDir, progress }: WriteOptions,
): Promise<ImportResult> {
  progress?.begin('storing photos', 'photos', rows.filter((row) => row.photo).length);
  const { photos, errors, warnings } = await storeRowPhotos(rows, photosDir, engine.files, maxPhotoBytes, (n) =>
    progress?.update(n),
  );
  if (errors.length > 0) return { ok: false, errors };

  progress?.begin('saving', 'rows', rows.length);
  const counts = await engine.saveMachines(
    rows,
    photos,
    { source, at: new Date().toISOString(), actor: actor.name, actorKind: actor.kind, address: actor.address },
    (saved) => progress?.update(saved),
  );
  return { ok: true, ...counts, photos: photos.size, warnings };
}

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
  const read = await checkImportFile(file, progress);
  if (!read.ok) return read;
  const checked = read.check.result();
  if (!checked.ok) return { ok: false, errors: checked.errors };
  return writeImportRows(checked.rows, engine, {
    source: file,
    actor: { name: actor, kind: 'command', address: null },
    maxPhotoBytes,
    photosDir,
    ...(progress ? { progress } : {}),
  });
}
