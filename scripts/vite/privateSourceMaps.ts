import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build into `outDir` keeps its source maps: beside it (dist → dist-sourcemaps), never in it. */
export const sourceMapsDirOf = (outDir: string): string => `${path.resolve(outDir)}-sourcemaps`;

/**
 * Source maps stay off the public server by default: the build writes them without a reference from the code
 * (Vite's 'hidden' maps) and moves them out of its folder into the one beside it (sourceMapsDirOf), where an
 * operator can still decode a stack trace and the build tests read what each chunk holds. `RVM_SOURCE_MAPS=1`
 * builds linked maps in dist/, served with the page.
 */
export function privateSourceMaps(): Plugin {
  let mapsDir = '';
  return {
    name: 'rvm:private-source-maps',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      mapsDir = sourceMapsDirOf(path.resolve(config.root, config.build.outDir));
    },
    async buildStart() {
      await rm(mapsDir, { recursive: true, force: true });
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const maps = Object.keys(bundle).filter((name) => name.endsWith('.map'));
      await Promise.all(
        maps.map(async (name) => {
          const target = path.join(mapsDir, name);
          await mkdir(path.dirname(target), { recursive: true });
          await rename(path.join(outDir, name), target);
        }),
      );
    },
  };
}
