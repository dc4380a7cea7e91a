import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the build `npm run analyze` runs. */
export const BUNDLE_STATS_FILE = path.resolve(import.meta.dirname, '../../dist/.vite/bundle-stats.json');

/** rollup-plugin-visualizer's raw-data output: the modules in each chunk with their sizes. */
interface VisualizerStats {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

export interface PackageShare {
  name: string;
  /** Minified bytes in the chunk (the analyser's size from source maps, before compression). */
  bytes: number;
}

/** A module id's owner: its npm package, the page's own code, or the name as it is. */
export function ownerOf(moduleId: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (inPackage) return inPackage[1]!;
  const own = /\/(src|shared|assets)\//.exec(moduleId);
  return own ? `(this project: ${own[1]}/)` : moduleId.replace(/^\0/, '');
}

/** For each chunk file, its packages from largest to smallest. */
export function readComposition(statsFile: string): Map<string, PackageShare[]> {
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as VisualizerStats;
  const byChunk = new Map<string, Map<string, number>>();
  for (const meta of Object.values(stats.nodeMetas)) {
    for (const [chunk, part] of Object.entries(meta.moduleParts)) {
      const owners = byChunk.get(chunk) ?? new Map<string, number>();
      const owner = ownerOf(meta.id);
      owners.set(owner, (owners.get(owner) ?? 0) + (stats.nodeParts[part]?.renderedLength ?? 0));
      byChunk.set(chunk, owners);
    }
  }
  return new Map(
    [...byChunk].map(([chunk, owners]) => [
      chunk,
      [...owners].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    ]),
  );
}
