import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a default build keeps its source maps: beside the served folder, never in it. */
export const SOURCE_MAPS_DIR = path.resolve(import.meta.dirname, '../../dist-sourcemaps');

/**
 * Source maps stay off the public server by default: the build writes them without a reference from the code
 * (Vite's 'hidden' maps) and moves them out of dist/ into SOURCE_MAPS_DIR, where an operator can still decode a
 * stack trace and the build tests read what each chunk holds. `RVM_SOURCE_MAPS=1` builds linked maps in dist/,
 * served with the page.
 */
export function privateSourceMaps(): Plugin {
  return {
    name: 'rvm:private-source-maps',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      await rm(SOURCE_MAPS_DIR, { recursive: true, force: true });
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const maps = Object.keys(bundle).filter((name) => name.endsWith('.map'));
      await Promise.all(
        maps.map(async (name) => {
          const target = path.join(SOURCE_MAPS_DIR, name);
          await mkdir(path.dirname(target), { recursive: true });
          await rename(path.join(outDir, name), target);
        }),
      );
    },
  };
}
