import type { JSHandle, Page } from 'puppeteer-core';

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A screenshot (of `clip`, or of the viewport), decoded in the page's own canvas so no image library is needed
 * in node: a handle to its pixels, for a `page.evaluate` that reads them there. Dispose of it when done.
 */
export async function screenshotPixels(page: Page, clip?: Box): Promise<JSHandle<ImageData>> {
  return pngPixels(page, (await page.screenshot({ encoding: 'base64', ...(clip && { clip }) })) as string);
}

/** A base64 PNG decoded in the page: a handle to its pixels. */
function pngPixels(page: Page, png: string): Promise<JSHandle<ImageData>> {
  return page.evaluateHandle(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(0, 0, canvas.width, canvas.height);
  }, png);
}

/** Takes a screenshot and counts, inside `box`, the pixels within `tolerance` of each colour. */
export async function countColours(
  page: Page,
  colours: Record<string, Rgb>,
  box: Box,
  tolerance = 12,
): Promise<Record<string, number>> {
  return countColoursInShot(
    page,
    (await page.screenshot({ encoding: 'base64', clip: box })) as string,
    colours,
    tolerance,
  );
}

/** Counts, in a base64 PNG (or in its part `within`), the pixels within `tolerance` of each colour. */
export async function countColoursInShot(
  page: Page,
  png: string,
  colours: Record<string, Rgb>,
  tolerance = 12,
  within?: Box,
): Promise<Record<string, number>> {
  const pixels = await pngPixels(page, png);
  const counts = await page.evaluate(
    ({ data: px, width, height }, wanted, tol, part) => {
      const counts: Record<string, number> = Object.fromEntries(Object.keys(wanted).map((k) => [k, 0]));
      const { x: left, y: top, width: w, height: h } = part ?? { x: 0, y: 0, width, height };
      for (let y = Math.max(0, top); y < Math.min(height, top + h); y++) {
        for (let x = Math.max(0, left); x < Math.min(width, left + w); x++) {
          const i = (y * width + x) * 4;
          for (const [name, [r, g, b]] of Object.entries(wanted)) {
            if (Math.abs(px[i]! - r) <= tol && Math.abs(px[i + 1]! - g) <= tol && Math.abs(px[i + 2]! - b) <= tol) {
              counts[name]! += 1;
            }
          }
        }
      }
      return counts;
    },
    pixels,
    colours,
    tolerance,
    within,
  );
  await pixels.dispose();
  return counts;
}

/**
 * countColours, repeated until `enough` holds or `timeoutMs` passes; returns the last counts either way,
 * so the caller's assertions still decide. The map may take a few software-rendered frames to draw.
 */
export async function countColoursUntil(
  page: Page,
  colours: Record<string, Rgb>,
  box: Box,
  tolerance: number,
  enough: (counts: Record<string, number>) => boolean,
  timeoutMs = 15_000,
): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let counts = await countColours(page, colours, box, tolerance);
  while (!enough(counts) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    counts = await countColours(page, colours, box, tolerance);
  }
  return counts;
}

/** A PNG screenshot of `clip` once two taken in a row are the same (the map may still be drawing tiles). */
export async function steadyScreenshot(page: Page, clip: Box, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const shot = async () => (await page.screenshot({ encoding: 'base64', clip })) as string;
  let last = await shot();
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    const now = await shot();
    if (now === last) return now;
    if (Date.now() > deadline) throw new Error('the screen did not stop changing');
    last = now;
  }
}

/**
 * A steady shot of `box` that `shows` accepts, taken again for up to 30 s while it does not: a loaded machine's
 * software GL has once kept a frame from before the map's last move (no tiles, the marker 640 px away) on screen
 * for two shots in a row, after a screenshot had shown the map as it was.
 */
export async function steadyShotShowing(page: Page, box: Box, shows: (png: string) => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const shot = await steadyScreenshot(page, box);
    if (await shows(shot)) return shot;
    if (Date.now() > deadline) throw new Error('no steady shot showed what was expected');
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/**
 * A steady shot of `box` in which every pixel that differs from `reference` is allowed, taken again for up to 30 s
 * while one is not: a loaded machine's software GL sometimes shows a passing frame of the whole map (once 13 %
 * darker with no marker, once still changing after 15 s), which a visitor's next frame replaces. A change that
 * stays, as a leak into another marker would, is still found.
 */
export async function settledShot(page: Page, box: Box, reference: string, stray: (pixel: ScreenPixel) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const shot = await steadyScreenshot(page, box).catch((error: unknown) => {
      if (Date.now() > deadline) throw error;
      return null;
    });
    if (shot !== null) {
      const changed = await differingPixels(page, reference, shot);
      const strays = changed.filter(stray);
      if (strays.length === 0 || Date.now() > deadline) return { shot, changed, stray: strays };
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** The pixels (x, y inside the shots) where two PNG screenshots of the same size differ, at most `limit`. */
export async function differingPixels(page: Page, a: string, b: string, limit = 2_000): Promise<ScreenPixel[]> {
  const [first, second] = await Promise.all([pngPixels(page, a), pngPixels(page, b)]);
  const found = await page.evaluate(
    (p, q, max) => {
      if (p.width !== q.width || p.height !== q.height) throw new Error('screenshots of different sizes');
      const pixels: { x: number; y: number }[] = [];
      for (let i = 0; i < p.data.length && pixels.length < max; i += 4) {
        if ([0, 1, 2, 3].some((c) => p.data[i + c] !== q.data[i + c])) {
          pixels.push({ x: (i / 4) % p.width, y: Math.floor(i / 4 / p.width) });
        }
      }
      return pixels;
    },
    first,
    second,
    limit,
  );
  await Promise.all([first.dispose(), second.dispose()]);
  return found;
}

export interface ScreenPixel {
  x: number;
  y: number;
}
