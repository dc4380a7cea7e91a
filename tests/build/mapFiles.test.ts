import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAP_KEY, manifestEntry, readManifest } from '../../scripts/bundle/manifest';
import { withoutSourceMapComment } from '../../scripts/vite/rawScriptWithoutSourceMap';
import { DIST } from './dist';

const manifest = readManifest(DIST);
const read = (file: string) => readFileSync(path.join(DIST, file));
const WORKER_FILE = createRequire(import.meta.url).resolve('maplibre-gl/dist/maplibre-gl-worker.mjs');
/** MapLibre's worker as the package ships it, but for the comment naming its source map (not in the build). */
const WORKER = withoutSourceMapComment(readFileSync(WORKER_FILE, 'utf8'));

/** The string literal in `code` whose text starts with `start`, as JavaScript reads it; null if there is none. */
function stringStartingWith(code: string, start: string): string | null {
  const at = code.indexOf(JSON.stringify(start).slice(1, -1));
  const quote = code[at - 1];
  if (at < 1 || !quote || !`'"\``.includes(quote)) return null;
  let end = at;
  while (end < code.length && code[end] !== quote) end += code[end] === '\\' ? 2 : 1;
  return runInNewContext(code.slice(at - 1, end + 1)) as string;
}

describe("MapLibre's worker", () => {
  it('is no file of its own', () => {
    expect(readdirSync(path.join(DIST, 'assets')).filter((name) => name.includes('worker'))).toEqual([]);
  });

  it('travels whole inside the map chunk, naming no source map', () => {
    expect(WORKER).not.toContain('sourceMappingURL');
    const chunk = read(manifestEntry(manifest, MAP_KEY).file).toString();
    const carried = stringStartingWith(chunk, WORKER.slice(0, 40));
    expect(carried?.length).toBe(WORKER.length);
    expect(carried === WORKER).toBe(true);
  });
});

describe("the map's style sheet", () => {
  const css = (manifestEntry(manifest, MAP_KEY).css ?? []).map((file) => read(file).toString()).join('\n');

  it('leaves out the rules of what the page never puts on the map: controls, HTML markers, the location dot', () => {
    expect(css).not.toMatch(/\.maplibregl-(ctrl|marker|user-location|cooperative-gesture|pseudo-fullscreen)/);
    expect(css).not.toMatch(/@keyframes maplibregl-(spin|user-location-dot-pulse)/);
  });

  it("keeps the canvas' cursors, box zoom and the popup", () => {
    expect(css).toMatch(/\.maplibregl-canvas-container\.maplibregl-interactive\{cursor:grab/);
    expect(css).toMatch(/\.maplibregl-canvas-container\.maplibregl-interactive:active\{cursor:grabbing/);
    expect(css).toMatch(/\.maplibregl-boxzoom\{/);
    expect(css).toMatch(/\.maplibregl-popup-anchor-bottom \.maplibregl-popup-tip\{/);
    expect(css).toMatch(/\.maplibregl-popup-content\{/);
  });
});
