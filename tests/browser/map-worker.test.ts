// MapLibre's worker started from its copy inside the map chunk (src/map/mapWorkerUrl.ts): no request of its own on a
// first visit, and the map it builds still draws.
import { describe, expect, it } from 'vitest';
import { countColoursUntil, hexToRgb } from './pixels';
import { setupBrowserApp } from './fixture';
import { waitForMapReady } from '../../testkit/browser/harness';

const app = setupBrowserApp();
const LAND = hexToRgb('#f3f1ea');
const MAP_BOX = { x: 0, y: 0, width: 860, height: 800 };

describe("MapLibre's worker on a first visit (issue 25)", () => {
  it('starts from the map chunk without a request of its own, and the map draws its land', async () => {
    // Tiles refused: the land outline is then what the page shows of the basemap.
    const { page, errors } = await app.openPage('/', { tiles: 'fail' });
    await waitForMapReady(page);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\.m?js$/.test(path)),
    );
    expect(scripts.some((path) => /MapView-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /worker/i.test(path))).toEqual([]);
    expect(page.workers().map((worker) => new URL(worker.url()).protocol)).toContain('blob:');
    // The land is a GeoJSON source: MapLibre's worker cuts it into tiles, so it shows only if the worker runs.
    const counts = await countColoursUntil(page, { land: LAND }, MAP_BOX, 6, (c) => (c.land ?? 0) > 50_000);
    expect(counts.land).toBeGreaterThan(50_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
