import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compress, CONTENT_ENCODINGS } from '../../server/http/compression';

/** The kinds of file the server answers pre-compressed; images and fonts are compressed formats already. */
export const COMPRESSIBLE = /\.(html|m?js|css|json|svg)$/;

const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/**
 * Writes `name.br` and `name.gz` next to each text file of a built page (not in its dot folders, such as Vite's
 * manifest), at the highest level, so the server sends them as they are (@fastify/static's `preCompressed`)
 * instead of compressing files that never change on every request. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name) && !name.split(path.sep).some((part) => part.startsWith('.')))
    .map((name) => path.join(dir, name));
  await precompressFiles(files);
  return files;
}

/** A compressed copy that would not be smaller is not written. */
export async function precompressFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map(compressFile));
}

async function compressFile(file: string): Promise<void> {
  const body = await readFile(file);
  await Promise.all(
    CONTENT_ENCODINGS.map(async (encoding) => {
      const compressed = await compress(body, encoding, 'max');
      if (compressed.byteLength < body.byteLength) await writeFile(file + EXTENSION[encoding], compressed);
    }),
  );
}
