import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'puppeteer-core';
import en from '../../src/i18n/locales/en.json';
import { setupBrowserApp, type AppServer } from './fixture';
import { DESKTOP, ROOT, openPage, waitForMapReady } from '../../testkit/browser/harness';
import { closeTo, project, sampleScreen, settledView, unproject, type ScreenPoint } from './mapPixels';
import { countColours, countColoursUntil, hexToRgb, screenshotPixels } from './pixels';
import { chooseOption } from './screen-helpers';
import { startSyntheticPageServer } from './syntheticPageServer';

// Far more machines than Hong Kong has: every frame is slow in software WebGL, and the map must still end with
// every marker drawn and picked where it is drawn. The page is the product's map screen with synthetic
// machines (tests/browser/syntheticPage); no list call carries them.
const COUNT = 210_000;
/** How long one step may take: each frame draws every marker, seconds in software WebGL. */
const SLOW_MS = 600_000;
const GREEN = hexToRgb('#3fa535');
const RED = hexToRgb('#d0021b');
/** Clear of the panel (right) and the legend (bottom left). */
const OPEN_MAP = { x: 420, y: 90, width: 430, height: 460 };
const REGION = `[role="region"][aria-label="${en.map.region}"]`;

const app = setupBrowserApp({ start: startSyntheticPageServer });
let server: AppServer;
let browser: BrowserContext;
beforeAll(() => {
  // The tests below read the app's server and browser under these names.
  ({ server, browser } = app);
});

/** Until the map says every marker is on screen (busy until deck.gl has drawn the current markers). */
async function waitUntilDrawn(page: Page, timeout = SLOW_MS) {
  await page.waitForSelector(`${REGION}[aria-busy="false"]`, { timeout });
}

/** The centre of a 3×3 block of marker red inside the open map: the body of a Full marker. */
async function redMarkerPoint(page: Page): Promise<ScreenPoint | null> {
  const pixels = await screenshotPixels(page, OPEN_MAP);
  const found = await page.evaluate(
    ({ data: px, width, height }, [r, g, b]) => {
      const red = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return Math.abs(px[i]! - r) <= 10 && Math.abs(px[i + 1]! - g) <= 10 && Math.abs(px[i + 2]! - b) <= 10;
      };
      for (let y = 1; y < height - 1; y++) {
        for (let x = 1; x < width - 1; x++) {
          let block = true;
          for (let dy = -1; dy <= 1 && block; dy++)
            for (let dx = -1; dx <= 1 && block; dx++) block = red(x + dx, y + dy);
          if (block) return { x, y };
        }
      }
      return null;
    },
    pixels,
    RED,
  );
  await pixels.dispose();
  return found && { x: found.x + OPEN_MAP.x, y: found.y + OPEN_MAP.y };
}

/** Clicks the marker at `point`: its popup opens; returns the machine's name. */
async function openPopupAt(page: Page, point: ScreenPoint): Promise<{ name: string; text: string }> {
  await page.mouse.click(point.x, point.y);
  const popup = await page.waitForSelector('.maplibregl-popup [role="dialog"]', { timeout: 30_000 });
  const name = await popup!.evaluate(
    (el) => el.getAttribute('aria-label') ?? el.querySelector('h2, h3')?.textContent ?? '',
  );
  const text = await page.$eval('.maplibregl-popup', (el) => el.textContent ?? '');
  return { name, text };
}

describe(`${COUNT.toLocaleString('en')} machines (issue 6: the map stays interactive with very many markers)`, () => {
  it('draws every marker, redraws on a filter and a drag, and a click still opens the marker under it', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/index.html?n=${COUNT}`, {
      viewport: DESKTOP,
    });
    const t0 = Date.now();
    await waitForMapReady(page, SLOW_MS);
    await waitUntilDrawn(page);
    console.log(`210k: first frame with every marker after ${Date.now() - t0} ms`);
    const all = await countColours(page, { green: GREEN, red: RED }, OPEN_MAP, 10);
    expect(all.green).toBeGreaterThan(5_000);
    expect(all.red).toBeGreaterThan(200);

    // The filter reaches the GPU: no green marker is left on screen. The layer stays loaded through a filter, so
    // the map is not busy meanwhile: the screen is read until it shows the change.
    await chooseOption(page, en.filter.status, en.statusGroup.full);
    const fullOnly = await countColoursUntil(
      page,
      { green: GREEN, red: RED },
      OPEN_MAP,
      10,
      (c) => c.green === 0,
      120_000,
    );
    expect(fullOnly.green).toBe(0);
    expect(fullOnly.red).toBeGreaterThan(200);

    // A click on a red marker opens a Full machine's card: drawing and picking agree.
    const before = await settledView(page);
    const point = await redMarkerPoint(page);
    expect(point).not.toBeNull();
    const picked = await openPopupAt(page, point!);
    expect(picked.text).toContain(en.capacity.Full);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.maplibregl-popup', { hidden: true });

    // Drag the map, held still before letting go so it does not glide on. Each step waits for a frame: seconds.
    const from = { x: 640, y: 300 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 160, from.y + 90, { steps: 4 });
    await new Promise((r) => setTimeout(r, 400));
    await page.mouse.up();
    const after = await settledView(page);
    expect(after.center).not.toEqual(before.center);
    await waitUntilDrawn(page);

    // The same machine is now where the map took it, and it is drawn and picked there.
    const moved = project(after, unproject(before, point!));
    expect(moved.x).toBeGreaterThan(OPEN_MAP.x - 200);
    const [colour] = (await sampleScreen(page, [moved])).colours;
    expect(closeTo(colour!, RED, 16), `marker red at ${JSON.stringify(moved)}, not ${JSON.stringify(colour)}`).toBe(
      true,
    );
    const again = await openPopupAt(page, moved);
    expect(again.name).toBe(picked.name);
    await page.screenshot({ path: join(ROOT, 'tests/.artifacts/many-markers.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 1_800_000);
});
