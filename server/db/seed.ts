import fs from 'node:fs/promises';
import type { FileStore } from '../files/store';
import { storeRowPhotos } from '../machines/photos';
import { checkRowsFile } from '../machines/readRows';
import { countMachines } from '../machines/repository';
import { saveMachineRows } from '../machines/saveRows';
import { getMeta, setMeta } from './meta';
import type { Db } from './open';

/** Set once the machines table has had data (demo or imported); an operator who empties it is not re-seeded. */
export const SEEDED_META_KEY = 'seeded_at';

export interface SeedOptions {
  seedPath: string;
  photosDir: string;
  maxPhotoBytes: number;
}

export type SeedOutcome =
  | { status: 'seeded'; machines: number; photos: number; warnings: string[] }
  | { status: 'skipped'; reason: 'alreadySeeded' | 'hasMachines' | 'noSeedFile' };

export class SeedError extends Error {
  override name = 'SeedError';
}

export function markSeeded(db: Db): void {
  if (getMeta(db, SEEDED_META_KEY) === undefined) setMeta(db, SEEDED_META_KEY, new Date().toISOString());
}

/** Loads the demo data set on the very first start. Bad demo data stops the start-up with every error listed. */
export async function seedIfFirstStart(db: Db, store: FileStore, options: SeedOptions): Promise<SeedOutcome> {
  if (getMeta(db, SEEDED_META_KEY) !== undefined) return { status: 'skipped', reason: 'alreadySeeded' };
  if (countMachines(db) > 0) {
    markSeeded(db);
    return { status: 'skipped', reason: 'hasMachines' };
  }
  // Without the file there is nothing to do yet; the flag stays unset so a later start can seed.
  if (!(await fs.stat(options.seedPath).catch(() => null))) return { status: 'skipped', reason: 'noSeedFile' };

  const checked = (await checkRowsFile(options.seedPath)).result();
  if (!checked.ok) throw new SeedError(`demo data ${options.seedPath} is invalid:\n${checked.errors.join('\n')}`);
  const { photos, errors, warnings } = await storeRowPhotos(
    checked.rows,
    options.photosDir,
    store,
    options.maxPhotoBytes,
  );
  if (errors.length > 0) throw new SeedError(`demo photos are invalid:\n${errors.join('\n')}`);

  return db
    .transaction((): SeedOutcome => {
      // Another process may have seeded while the photos were written.
      if (getMeta(db, SEEDED_META_KEY) !== undefined) return { status: 'skipped', reason: 'alreadySeeded' };
      saveMachineRows(db, store, checked.rows, photos);
      markSeeded(db);
      return { status: 'seeded', machines: checked.rows.length, photos: photos.size, warnings };
    })
    .immediate();
}
