import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sourceMapsDirOf } from '../../scripts/vite/privateSourceMaps';
import { DIST } from './dist';

const SOURCE_MAPS_DIR = sourceMapsDirOf(DIST);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());

/** A built file's bytes as a browser gets them: its Brotli and gzip copies decompressed. */
const contentOf = (file: string): Buffer => {
  const bytes = readFileSync(file);
  if (file.endsWith('.br')) return brotliDecompressSync(bytes);
  if (file.endsWith('.gz')) return gunzipSync(bytes);
  return bytes;
};

/** Every source map a file names (`//# sourceMappingURL=…` in scripts, `/*# … *\/` in styles), strings included. */
const SOURCE_MAP_URL = /[#@]\s*sourceMappingURL=([^\s'"`*\\]+)/g;

/** Whether the server answers the map `url` that the built `file` names: whether it is in dist/ (inline maps are). */
const served = (file: string, url: string): boolean => {
  if (url.startsWith('data:')) return true;
  const pathname = url.split(/[?#]/)[0]!;
  const base = pathname.startsWith('/') ? DIST : path.dirname(file);
  return existsSync(path.join(base, pathname));
};

describe('source maps in a default build', () => {
  it('are not in the served folder', () => {
    expect(filesUnder(DIST).filter((file) => /\.map(\.br|\.gz)?$/.test(file))).toEqual([]);
  });

  it('are named by no built file unless the server serves them (dist/ is what it serves)', () => {
    // Every file, its compressed copies and the code chunks carry as strings too: the developer tools of a visitor
    // fetch the map that a worker started from such a string names (MapLibre's did), and show its 404 as an error.
    const dangling = filesUnder(DIST).flatMap((file) =>
      [...contentOf(file).toString('latin1').matchAll(SOURCE_MAP_URL)]
        .map((match) => match[1]!)
        .filter((url) => !served(file, url))
        .map((url) => `${path.relative(DIST, file)} names ${url}`),
    );
    expect(dangling).toEqual([]);
  });

  it("are kept beside it for the operator, named after the build's chunks", () => {
    const maps = readdirSync(path.join(SOURCE_MAPS_DIR, 'assets')).filter((name) => name.endsWith('.js.map'));
    const chunks = readdirSync(path.join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
    for (const map of maps) expect(chunks).toContain(map.replace(/\.map$/, ''));
    expect(maps.some((name) => name.startsWith('main-'))).toBe(true);
    expect(maps.some((name) => name.startsWith('MapView-'))).toBe(true);
  });
});
