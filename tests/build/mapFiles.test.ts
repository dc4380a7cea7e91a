import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzstdWithDictionary } from '../../scripts/vite/dictionaryCompress';
import { MAP_KEY, MAP_WORKER_KEY, manifestEntry, readManifest } from '../../scripts/bundle/manifest';
import {
  DCZ_EXTENSION,
  dictionaryHashOf,
  readDictionaries,
  zstdFrameOf,
} from '../../server/http/dictionaryCompression';
import { DIST } from './dist';

const manifest = readManifest(DIST);
const read = (file: string) => readFileSync(path.join(DIST, file));

describe("MapLibre's worker, compressed against the map chunk", () => {
  const mapChunk = manifestEntry(manifest, MAP_KEY).file;
  const worker = manifestEntry(manifest, MAP_WORKER_KEY).file;

  it('is listed for the server with the map chunk as its dictionary', () => {
    expect(readDictionaries(DIST)).toEqual([
      { file: `/${worker}`, dictionary: `/${mapChunk}`, dictionaryHash: dictionaryHashOf(read(mapChunk)) },
    ]);
  });

  it('decodes, with the map chunk, to the worker as built, in under a third of its Brotli bytes', async () => {
    const dcz = read(worker + DCZ_EXTENSION);
    const frame = zstdFrameOf(dcz, read(mapChunk));
    expect(frame).not.toBeNull();
    expect(Buffer.from(await unzstdWithDictionary(frame!, read(mapChunk))).equals(read(worker))).toBe(true);
    expect(dcz.byteLength).toBeLessThan(read(`${worker}.br`).byteLength / 3);
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
