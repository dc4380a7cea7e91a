import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceMapsDirOf } from '../../scripts/vite/privateSourceMaps';
import { DIST } from './dist';

const SOURCE_MAPS_DIR = sourceMapsDirOf(DIST);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name));

describe('source maps in a default build', () => {
  it('are not in the served folder, and no served script points at one', () => {
    const served = filesUnder(DIST);
    expect(served.filter((file) => /\.map(\.br|\.gz)?$/.test(file))).toEqual([]);
    // The file's own reference ends it; MapLibre's worker, carried inside the map chunk as a string, names its own.
    for (const script of served.filter((file) => file.endsWith('.js')))
      expect(readFileSync(script, 'utf8'), script).not.toMatch(/\/\/# sourceMappingURL=\S+\s*$/);
  });

  it("are kept beside it for the operator, named after the build's chunks", () => {
    const maps = readdirSync(path.join(SOURCE_MAPS_DIR, 'assets')).filter((name) => name.endsWith('.js.map'));
    const chunks = readdirSync(path.join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
    for (const map of maps) expect(chunks).toContain(map.replace(/\.map$/, ''));
    expect(maps.some((name) => name.startsWith('main-'))).toBe(true);
    expect(maps.some((name) => name.startsWith('MapView-'))).toBe(true);
  });
});
