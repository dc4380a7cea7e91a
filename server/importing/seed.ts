import fs from 'node:fs/promises';
import { storeRowPhotos } from './photos';
import { checkRowsFile } from '../machines/readRows';
import type { Engine } from '../db/engine';
import { SEEDED_META_KEY } from '../db/metaKeys';

export { SEEDED_META_KEY } from '../db/metaKeys';

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

/** Loads the demo data set on the very first start. Bad demo data stops the start-up with every error listed. */
export async function seedIfFirstStart(engine: Engine, options: SeedOptions): Promise<SeedOutcome> {
  if ((await engine.getMeta(SEEDED_META_KEY)) !== undefined) return { status: 'skipped', reason: 'alreadySeeded' };
  if ((await engine.countMachines()) > 0) {
    await engine.setMetaOnce(SEEDED_META_KEY, new Date().toISOString());
    return { status: 'skipped', reason: 'hasMachines' };
  }
  // Without the file there is nothing to do yet; the flag stays unset so a later start can seed.
  if (!(await fs.stat(options.seedPath).catch(() => null))) return { status: 'skipped', reason: 'noSeedFile' };

  const checked = (await checkRowsFile(options.seedPath)).result();
  if (!checked.ok) throw new SeedError(`demo data ${options.seedPath} is invalid:\n${checked.errors.join('\n')}`);
  const { photos, errors, warnings } = await storeRowPhotos(
    checked.rows,
    options.photosDir,
    engine.files,
    options.maxPhotoBytes,
  );
  if (errors.length > 0) throw new SeedError(`demo photos are invalid:\n${errors.join('\n')}`);

  // Another process may have seeded while the photos were written: then nothing is written.
  if (!(await engine.seed(checked.rows, photos))) return { status: 'skipped', reason: 'alreadySeeded' };
  return { status: 'seeded', machines: checked.rows.length, photos: photos.size, warnings };
}
