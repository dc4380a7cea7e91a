import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compress, CONTENT_ENCODINGS } from '../../server/http/compression';

/** The kinds of file the server answers pre-compressed; images and fonts are compressed formats already. */
export const COMPRESSIBLE = /\.(html|m?js|css|json|svg)$/;

const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/**
 * Writes `name.br` and `name.gz` next to each built page file, at the highest level, so the server sends
 * them as they are (@fastify/static's `preCompressed`) instead of compressing files that never change on
 * every request. A compressed copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'rvm:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.'));
      await precompressFiles(files.map((name) => path.join(outDir, name)));
    },
  };
}

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
