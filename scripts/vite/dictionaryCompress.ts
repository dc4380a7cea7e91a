import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zstd from '@bokuweb/zstd-wasm';
import type { Plugin } from 'vite';
import {
  DCZ_EXTENSION,
  DICTIONARIES_FILE,
  dczBody,
  dictionaryHashOf,
  type DictionaryCompressed,
} from '../../server/http/dictionaryCompression';

/** Zstandard's highest level: the copy is written once per build. */
const ZSTD_LEVEL = 22;

/**
 * Writes a `dcz` copy of the emitted file `asset` (named by where it comes from, e.g. a package's file) compressed
 * against the chunk of `source`, which the browser has by the time it asks for the file, and lists it in
 * DICTIONARIES_FILE for the server (server/http/dictionaryCompression.ts). The build fails if either is missing or
 * the copy does not decompress to the file.
 */
export function dictionaryCompress(source: string, asset: string): Plugin {
  let base = '/';
  return {
    name: 'rvm:dictionary-compress',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const outputs = Object.values(bundle);
      const chunk = outputs.find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(source));
      const file = outputs.find(
        (output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(asset)),
      );
      if (!chunk) this.error(`dictionaryCompress: no chunk for ${source}`);
      if (!file) this.error(`dictionaryCompress: no emitted file for ${asset}`);
      const dictionary = await readFile(path.join(outDir, chunk.fileName));
      const body = await readFile(path.join(outDir, file.fileName));
      const frame = await zstdWithDictionary(body, dictionary);
      if (!Buffer.from(await unzstdWithDictionary(frame, dictionary)).equals(body)) {
        this.error(`dictionaryCompress: the copy of ${file.fileName} does not decompress to it`);
      }
      await writeFile(path.join(outDir, file.fileName + DCZ_EXTENSION), dczBody(dictionary, frame));
      const entry: DictionaryCompressed = {
        file: base + file.fileName,
        dictionary: base + chunk.fileName,
        dictionaryHash: dictionaryHashOf(dictionary),
      };
      await writeFile(path.join(outDir, DICTIONARIES_FILE), JSON.stringify([entry], null, 2) + '\n');
    },
  };
}

export async function zstdWithDictionary(body: Uint8Array, dictionary: Uint8Array): Promise<Uint8Array> {
  await zstd.init();
  const context = zstd.createCCtx();
  try {
    return zstd.compressUsingDict(context, body, dictionary, ZSTD_LEVEL);
  } finally {
    zstd.freeCCtx(context);
  }
}

export async function unzstdWithDictionary(frame: Uint8Array, dictionary: Uint8Array): Promise<Uint8Array> {
  await zstd.init();
  const context = zstd.createDCtx();
  try {
    return zstd.decompressUsingDict(context, frame, dictionary);
  } finally {
    zstd.freeDCtx(context);
  }
}
