import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ProgressReport } from '../../progress';

/** How long the backup's read waits for a writer's lock (another process may be checkpointing). */
const BUSY_TIMEOUT_MS = 5_000;
/** SQLite's backup copies this many pages per step when told to: all of them, in one step (see below). */
const ALL_PAGES = 0x7fffffff;
/** Bytes a backup step copies while nothing restarts it, so a terminal sees it move. */
const STEP_BYTES = 8 * 1024 * 1024;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  /** The database copy: `<folder>/rvm-YYYYMMDDTHHMMSSZ.sqlite`. */
  file: string;
  machines: number;
  /** Photos the copy names, and how many of them this run copied into `<folder>/files/` (the rest were there). */
  photos: number;
  photosCopied: number;
  /** Photos the copy names that are not in the file store: the backup is incomplete. */
  photosMissing: string[];
}

/** `rvm-20261123T140500Z.sqlite`: UTC, sortable, no characters a file system or a shell minds. */
export function backupFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
  return `rvm-${stamp}.sqlite`;
}

/**
 * Copies the SQLite database `dbPath` into `folder` with SQLite's online backup API, while a server may be writing
 * to it: the copy is one consistent moment (a write between two steps of the backup restarts it; the first step
 * copies a few pages, the next one all the rest at once, so it always ends). The copy is checked
 * (`PRAGMA integrity_check`), made a single self-contained file (journal mode DELETE), and only then given its
 * name: a file of that name already there is never overwritten. The photos it names are copied from `filesDir`
 * into `<folder>/files/` under their content hash, so later backups into the same folder copy only new ones.
 * `progress` hears the bytes of the database copied, then the photos.
 */
export async function backupSqlite(
  dbPath: string,
  filesDir: string,
  folder: string,
  now: Date = new Date(),
  progress?: ProgressReport,
): Promise<BackupResult> {
  if (!fs.existsSync(dbPath)) throw new BackupError(`${dbPath}: no such database`);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupFileName(now));
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; not overwriting it`);
  const partial = path.join(folder, `.${path.basename(file)}.partial-${process.pid}`);

  let machines: number;
  let photoIds: string[];
  try {
    const source = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      source.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      await copyDatabase(source, partial, progress);
    } finally {
      source.close();
    }
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`the copy of ${dbPath} fails its integrity check: ${String(check)}`);
      machines = Number(copy.prepare('SELECT count(*) FROM machines').pluck().get());
      photoIds = copy.prepare('SELECT id FROM files ORDER BY id').pluck().all() as string[];
    } finally {
      copy.close();
    }
    try {
      fs.linkSync(partial, file); // fails if the name was taken meanwhile, where a rename would replace it
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${file} already exists; not overwriting it`);
      }
      throw error;
    }
  } finally {
    fs.rmSync(partial, { force: true });
  }

  const photosDir = path.join(folder, 'files');
  fs.mkdirSync(photosDir, { recursive: true });
  let photosCopied = 0;
  const photosMissing: string[] = [];
  progress?.begin('copying photos', 'photos', photoIds.length);
  for (const [i, id] of photoIds.entries()) {
    progress?.update(i);
    const target = path.join(photosDir, id);
    if (fs.existsSync(target)) continue; // content-addressed: the same name is the same bytes
    const temp = path.join(photosDir, `.tmp-${process.pid}-${id}`);
    try {
      fs.copyFileSync(path.join(filesDir, id), temp);
      fs.renameSync(temp, target);
      photosCopied++;
    } catch (error) {
      fs.rmSync(temp, { force: true });
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      photosMissing.push(id);
    }
  }
  progress?.update(photoIds.length);
  return { file, machines, photos: photoIds.length, photosCopied, photosMissing };
}

/**
 * SQLite's online backup in steps of STEP_BYTES, each reported. A write to the database between two steps restarts
 * the copy from its first page; after a restart the rest is copied in one step, so the backup always ends.
 */
async function copyDatabase(source: Database.Database, target: string, progress?: ProgressReport): Promise<void> {
  const pageSize = Number(source.pragma('page_size', { simple: true }));
  const stepPages = Math.max(1, Math.floor(STEP_BYTES / pageSize));
  let lastRemaining = Infinity;
  let restarted = false;
  progress?.begin('copying the database', 'bytes', null);
  await source.backup(target, {
    progress: ({ totalPages, remainingPages }) => {
      if (remainingPages > lastRemaining) restarted = true;
      if (lastRemaining === Infinity) progress?.begin('copying the database', 'bytes', totalPages * pageSize);
      lastRemaining = remainingPages;
      progress?.update((totalPages - remainingPages) * pageSize);
      return restarted ? ALL_PAGES : stepPages;
    },
  });
}
