// Where a place on the map is on screen, and what colour is drawn there: the map publishes its settled
// view on its region (data-zoom, data-center), and Web Mercator does the rest.
import type { Page } from 'puppeteer-core';
import { screenshotPixels, type Box, type Rgb } from './pixels';
export interface ScreenPoint {
  x: number;
  y: number;
}
export interface MapView {
  zoom: number;
  /** [latitude, longitude] */
  center: [number, number];
  /** The map region on screen, CSS pixels. */
  rect: { x: number; y: number; width: number; height: number };
}

/** MapLibre's tiles are 512 px: the world is 512 × 2^zoom pixels wide. */
const TILE_SIZE_PX = 512;

function worldPixel(zoom: number, [lat, lng]: [number, number]): ScreenPoint {
  const size = TILE_SIZE_PX * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function project(view: MapView, coordinates: [number, number]): ScreenPoint {
  const point = worldPixel(view.zoom, coordinates);
  const centre = worldPixel(view.zoom, view.center);
  return {
    x: view.rect.x + view.rect.width / 2 + point.x - centre.x,
    y: view.rect.y + view.rect.height / 2 + point.y - centre.y,
  };
}

export function unproject(view: MapView, { x, y }: ScreenPoint): [number, number] {
  const size = TILE_SIZE_PX * 2 ** view.zoom;
  const centre = worldPixel(view.zoom, view.center);
  const wx = centre.x + x - view.rect.x - view.rect.width / 2;
  const wy = centre.y + y - view.rect.y - view.rect.height / 2;
  const lng = (wx / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / size))) * 180) / Math.PI;
  return [lat, lng];
}

async function readView(page: Page): Promise<MapView> {
  return page.$eval('[data-zoom][data-center]', (el) => {
    const { zoom, center } = (el as HTMLElement).dataset;
    const [lat, lng] = (center ?? '').split(',').map(Number);
    const { x, y, width, height } = el.getBoundingClientRect();
    return { zoom: Number(zoom), center: [lat!, lng!] as [number, number], rect: { x, y, width, height } };
  });
}

const SETTLED = '[data-zoom][data-center]:not([data-moving])';

/**
 * The view once the map is not moving and it has stayed the same for three reads in a row (the map
 * refits after the list loads; a fly-to can still be running when its popup opens).
 */
export async function settledView(page: Page, timeoutMs = 30_000): Promise<MapView> {
  const deadline = Date.now() + timeoutMs;
  const read = async () => {
    await page.waitForSelector(SETTLED, { timeout: Math.max(1, deadline - Date.now()) });
    return JSON.stringify(await readView(page));
  };
  let last = await read();
  let same = 0;
  while (same < 3) {
    if (Date.now() > deadline) throw new Error('the map view did not settle');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return JSON.parse(last) as MapView;
}

/** Which points show the map canvas itself, not a panel, legend or button on top of it. */
export function canvasAt(page: Page, points: readonly ScreenPoint[]): Promise<boolean[]> {
  return page.evaluate(
    (list) => list.map(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas') ?? false),
    points as ScreenPoint[],
  );
}

export interface ScreenSample {
  /** The average colour of the 3×3 block around each point. */
  colours: Rgb[];
  /** Per box, how many pixels are within `tolerance` of `colour`. */
  counts: number[];
}

/** One screenshot of the viewport: the colour at each point and the matching pixels in each box. */
export async function sampleScreen(
  page: Page,
  points: readonly ScreenPoint[],
  boxes: readonly Box[] = [],
  colour: Rgb = [0, 0, 0],
  tolerance = 12,
): Promise<ScreenSample> {
  const pixels = await screenshotPixels(page);
  const sample = await page.evaluate(
    ({ data: px, width }, pointList, boxList, [r, g, b], tol) => {
      const at = (x: number, y: number) => (Math.round(y) * width + Math.round(x)) * 4;
      const colours = pointList.map(({ x, y }) => {
        const sum = [0, 0, 0];
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const i = at(x + dx, y + dy);
            sum[0]! += px[i]!;
            sum[1]! += px[i + 1]!;
            sum[2]! += px[i + 2]!;
          }
        }
        return sum.map((v) => Math.round(v / 9));
      });
      const counts = boxList.map((box) => {
        let n = 0;
        for (let y = box.y; y < box.y + box.height; y++) {
          for (let x = box.x; x < box.x + box.width; x++) {
            const i = at(x, y);
            if (Math.abs(px[i]! - r) <= tol && Math.abs(px[i + 1]! - g) <= tol && Math.abs(px[i + 2]! - b) <= tol) n++;
          }
        }
        return n;
      });
      return { colours, counts };
    },
    pixels,
    points as ScreenPoint[],
    boxes as Box[],
    colour,
    tolerance,
  );
  await pixels.dispose();
  return sample as ScreenSample;
}

export const closeTo = (actual: readonly number[], expected: Rgb, tolerance: number): boolean =>
  expected.every((value, i) => Math.abs((actual[i] ?? -999) - value) <= tolerance);
