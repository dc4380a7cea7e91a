// MapLibre's worker compressed against the map chunk (scripts/vite/dictionaryCompress.ts, server/routes/page.ts):
// what Chromium receives on a first visit, and that the map it builds still draws.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDictionaries } from '../../server/http/dictionaryCompression';
import { countColoursUntil, hexToRgb } from './pixels';
import { setupBrowserApp } from './fixture';
import { STATIC_DIR, waitForMapReady } from './harness';

const app = setupBrowserApp();
const [worker] = readDictionaries(STATIC_DIR);
const LAND = hexToRgb('#f3f1ea');
const MAP_BOX = { x: 0, y: 0, width: 860, height: 800 };

interface Received {
  transferred: number;
  encoded: number;
  decoded: number;
}

describe("MapLibre's worker on a first visit (issue 25)", () => {
  it('arrives compressed against the map chunk, decodes to the whole file, and the map draws its land', async () => {
    // Tiles refused: the land outline is then what the page shows of the basemap.
    const { page, errors } = await app.openPage('/', { tiles: 'fail' });
    await waitForMapReady(page);
    const received = await page.evaluate((path) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e): e is PerformanceResourceTiming => new URL(e.name).pathname === path);
      return (
        entry && { transferred: entry.transferSize, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize }
      );
    }, worker!.file);

    const file = readFileSync(join(STATIC_DIR, worker!.file));
    const brotli = readFileSync(join(STATIC_DIR, worker!.file + '.br'));
    const dcz = readFileSync(join(STATIC_DIR, worker!.file + '.dcz'));
    expect(received).toEqual<Received>({
      transferred: expect.any(Number),
      encoded: dcz.byteLength,
      decoded: file.byteLength,
    });
    // A third of its Brotli copy or less: what it shares with MapLibre in the map chunk is not sent twice.
    expect(received!.encoded).toBeLessThan(brotli.byteLength / 3);
    // The land is a GeoJSON source: MapLibre's worker cuts it into tiles, so it shows only if the worker runs.
    const counts = await countColoursUntil(page, { land: LAND }, MAP_BOX, 6, (c) => (c.land ?? 0) > 50_000);
    expect(counts.land).toBeGreaterThan(50_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
