import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../errors';
import type { PhotoStore, RowPhoto } from '../db/engine';
import type { MachineRow } from '../machines/validate';

export type { RowPhoto } from '../db/engine';

export interface PhotosResult {
  /** Keyed by machine id. */
  photos: Map<string, RowPhoto>;
  /** Photos that exist but cannot be used (not an image, too large): the data set is wrong. */
  errors: string[];
  /** Photos named but not found: the machine keeps the photo it has, if any. */
  warnings: string[];
}

/**
 * Writes the photos the rows name (looked up in `dir`) into the file store, through the same code
 * path as an upload. The blobs are stored but not yet recorded, so the caller can record them in
 * the same transaction as the machines. With no `dir` (a file sent from the console, without its photos) each named
 * photo is a warning and its machine keeps the photo it has.
 */
export async function storeRowPhotos(
  rows: readonly MachineRow[],
  dir: string | null,
  store: PhotoStore,
  maxBytes: number,
  onLookedAt?: (photos: number) => void,
): Promise<PhotosResult> {
  const result: PhotosResult = { photos: new Map(), errors: [], warnings: [] };
  const named = rows.flatMap((row) => (row.photo ? [{ row, name: row.photo }] : []));
  if (dir === null) {
    result.warnings.push(...named.map(({ row, name }) => unsentPhotoWarning(row.id, name)));
    return result;
  }
  for (const [i, { row, name }] of named.entries()) {
    await storeRowPhoto(row, name, dir, store, maxBytes, result);
    onLookedAt?.(i + 1);
  }
  return result;
}

/** A photo a row names that did not come with the file: the machine keeps its own. */
export const unsentPhotoWarning = (id: string, name: string): string =>
  `${id}: photo "${name}" was not sent with the file; the machine keeps its photo`;

async function storeRowPhoto(
  row: MachineRow,
  name: string,
  dir: string,
  store: PhotoStore,
  maxBytes: number,
  result: PhotosResult,
): Promise<void> {
  // validate.ts only lets bare file names through, so this cannot leave `dir`.
  const file = path.join(dir, name);
  if (!(await isFile(file))) {
    result.warnings.push(`${row.id}: photo "${name}" not found in ${dir}`);
    return;
  }
  try {
    const blob = await store.writeBlob(createReadStream(file), maxBytes);
    result.photos.set(row.id, { blob, originalName: name });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reason =
      error.msg === 'fileTooLarge' ? `is larger than ${maxBytes} bytes` : 'is not a PNG, JPEG, WebP or GIF image';
    result.errors.push(`${row.id}: photo "${name}" ${reason}`);
  }
}

async function isFile(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ?? false;
}
