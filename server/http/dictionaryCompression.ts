import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Compression dictionaries (RFC 9842). A file the browser already has (the dictionary) is marked with
 * `Use-As-Dictionary`; a later request it matches carries `Available-Dictionary` (the dictionary's SHA-256), and
 * the answer may be `dcz`: Zstandard with the dictionary's bytes as a prefix, so what the two files share is sent
 * once. The build writes the `dcz` copies and lists them in DICTIONARIES_FILE; the server answers with them.
 */

/** Where the build lists its dictionary-compressed files, relative to the built page. */
export const DICTIONARIES_FILE = '.vite/dictionaries.json';

/** The extension of a file's dictionary-compressed copy, next to it in the built page. */
export const DCZ_EXTENSION = '.dcz';

/** One file the build compressed against a dictionary. Paths are URL paths. */
export interface DictionaryCompressed {
  /** The file; its `dcz` copy is the same path plus DCZ_EXTENSION. */
  file: string;
  /** The file whose body is the dictionary: answered with `Use-As-Dictionary` naming `file`. */
  dictionary: string;
  /** The dictionary's SHA-256 as browsers send it in `Available-Dictionary`. */
  dictionaryHash: string;
}

/** What the build in `builtDir` compressed against a dictionary; none for a build without the list. */
export function readDictionaries(builtDir: string): DictionaryCompressed[] {
  const file = path.join(builtDir, DICTIONARIES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DictionaryCompressed[]) : [];
}

/** RFC 9842 section 6.2: a `dcz` body starts with these 8 bytes, then the dictionary's 32-byte SHA-256. */
const DCZ_MAGIC = Uint8Array.of(0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00);

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();

/** The dictionary's hash as an `Available-Dictionary` value: a structured-field byte sequence. */
export const dictionaryHashOf = (dictionary: Uint8Array): string => `:${sha256(dictionary).toString('base64')}:`;

/** A `dcz` body: the header, then a Zstandard frame compressed with `dictionary` as its raw content. */
export function dczBody(dictionary: Uint8Array, zstdFrame: Uint8Array): Buffer {
  return Buffer.concat([DCZ_MAGIC, sha256(dictionary), zstdFrame]);
}

/** The Zstandard frame of a `dcz` body, or null if the body was not made with this dictionary. */
export function zstdFrameOf(body: Uint8Array, dictionary: Uint8Array): Uint8Array | null {
  const header = dczBody(dictionary, new Uint8Array());
  const matches = body.byteLength > header.byteLength && header.every((byte, i) => body[i] === byte);
  return matches ? body.subarray(header.byteLength) : null;
}

/** `Use-As-Dictionary` for the dictionary: it applies to requests for exactly `file` (a URL pattern). */
export function dictionaryMatchFor(file: string): string {
  const pattern = file.replace(/[\\:*?+(){}]/g, (special) => `\\${special}`);
  return `match="${pattern.replace(/[\\"]/g, (special) => `\\${special}`)}"`;
}

type Header = string | string[] | undefined;

/** Whether Accept-Encoding names `dcz` (a `*` does not count: a browser asks for it by name). */
export function acceptsDcz(acceptEncoding: Header): boolean {
  return [acceptEncoding]
    .flat()
    .flatMap((value) => (value ?? '').split(','))
    .some((entry) => {
      const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
      const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
      return coding === 'dcz' && !refused;
    });
}

/** Whether to answer a request for `entry.file` with its `dcz` copy: the browser takes `dcz` and has the dictionary. */
export function sendsDcz(
  headers: { 'accept-encoding'?: Header; 'available-dictionary'?: Header },
  entry: DictionaryCompressed,
): boolean {
  const available = [headers['available-dictionary']].flat().map((value) => value?.trim());
  return available.includes(entry.dictionaryHash) && acceptsDcz(headers['accept-encoding']);
}
