import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { GlOwner } from './startupPhases';

/**
 * Maps positions in a build's chunks back to their sources through the build's source maps (`<file>.map` in
 * `mapsDir/assets/`), and names who owns them: an npm package, or the file of this project.
 */
export function sourceOwners(mapsDir: string) {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string): TraceMap | null => {
    const file = new URL(url).pathname.split('/').pop() ?? '';
    if (!maps.has(file)) {
      const mapFile = path.join(mapsDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(file) ?? null;
  };
  /** The source of a position (1-based line, 0-based column as V8 prints them minus one), or null. */
  const sourceAt = (url: string, line: number, column: number): string | null => {
    if (!/^https?:/.test(url)) return null;
    const map = mapOf(url);
    if (!map) return null;
    return originalPositionFor(map, { line, column })?.source?.replace(/^(\.\.\/)+/, '') ?? null;
  };
  return {
    sourceAt,
    /** `maplibre-gl`, `@deck.gl/core`, or the project's own file (`src/map/MapView.tsx`). */
    ownerOf(url: string, line: number, column: number): string | null {
      const source = sourceAt(url, line, column);
      if (source === null) return null;
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      return inPackage ? inPackage[1]! : source;
    },
  };
}

export type SourceOwners = ReturnType<typeof sourceOwners>;

/** The bench stage's own WebGL wrappers (the counter) sit between a library and the browser: looked through. */
const WRAPPERS = /bench\/stage\/glCounter\.ts$/;

/**
 * Who made a WebGL call, from its stack (`url:line:column`, innermost first): the first frame that is not a wrapper
 * decides; luma.gl and deck.gl are deck.gl's, maplibre-gl MapLibre's, anything else the page's.
 */
export function glOwnerOf(stack: readonly string[] | undefined, owners: SourceOwners): GlOwner {
  for (const frame of stack ?? []) {
    const match = /^(.*):(\d+):(\d+)$/.exec(frame);
    if (!match) continue;
    const source = owners.sourceAt(match[1]!, Number(match[2]), Number(match[3]) - 1);
    if (source === null || WRAPPERS.test(source)) continue;
    if (/node_modules\/@(luma|deck)\.gl\//.test(source)) return 'deck';
    if (/node_modules\/maplibre-gl\//.test(source)) return 'map';
    return 'page';
  }
  return 'page';
}
