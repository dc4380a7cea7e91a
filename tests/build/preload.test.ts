import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_KEY, MAP_KEY, manifestEntry, readManifest, staticClosure } from '../../scripts/bundle/manifest';
import { DIST } from './dist';

const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const manifest = readManifest(DIST);
const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({
  rel: /rel="([^"]+)"/.exec(tag)?.[1],
  as: /as="([^"]+)"/.exec(tag)?.[1],
  href: /href="([^"]+)"/.exec(tag)?.[1],
  crossorigin: /\bcrossorigin\b/.test(tag),
}));

describe('the built index.html', () => {
  it('preloads the map chunk and every chunk it imports, from the first moment', () => {
    const entry = staticClosure(manifest, ENTRY_KEY).scripts;
    const map = staticClosure(manifest, MAP_KEY).scripts.filter((file) => !entry.includes(file));
    expect(map[0]).toBe(manifestEntry(manifest, MAP_KEY).file);
    const preloaded = links.filter((link) => link.rel === 'modulepreload').map((link) => link.href);
    for (const file of map) expect(preloaded).toContain(`/${file}`);
  });

  it("preloads the chunk of luma.gl's WebGL device, which it imports lazily once deck.gl starts", () => {
    const device = Object.entries(manifest).find(([key]) =>
      key.endsWith('@luma.gl/webgl/dist/adapter/webgl-device.js'),
    );
    expect(device?.[1].isDynamicEntry).toBe(true);
    expect(links).toContainEqual({
      rel: 'modulepreload',
      as: undefined,
      href: `/${device![1].file}`,
      crossorigin: true,
    });
  });

  it("preloads the map's style sheet as the map's import will ask for it (CORS, no credentials)", () => {
    for (const file of manifestEntry(manifest, MAP_KEY).css ?? []) {
      expect(links).toContainEqual({ rel: 'preload', as: 'style', href: `/${file}`, crossorigin: true });
    }
  });

  it("names the page's own script and style before the map's, so they are asked for first", () => {
    const main = manifestEntry(manifest, ENTRY_KEY);
    const mapAt = html.indexOf(manifestEntry(manifest, MAP_KEY).file);
    expect(html.indexOf(main.file)).toBeLessThan(mapAt);
    for (const css of main.css ?? []) expect(html.indexOf(css)).toBeLessThan(mapAt);
  });
});
