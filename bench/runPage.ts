import type { Browser, Page } from 'puppeteer-core';
import { DESKTOP, openPage } from '../tests/browser/harness';
import { FILTER_KINDS, SEARCH_TEXT, type FilterKind, type Impl, type Timed } from './benchApi';
import { BLANK_PATH } from './staticServer';
import { median, percentile } from './stats';

export const PAGE_PATHS: Record<Impl, string> = {
  ours: '/bench/index.html',
  leaflet: '/bench/leaflet.html',
  'maplibre-symbol': '/bench/maplibre-symbol.html',
  basemap: '/bench/maplibre-symbol.html?markers=none',
};

export interface FrameStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
  over50ms: number;
}

/** What one page load at one N measured. Times in ms, heap in MB. */
export interface RunResult {
  generateMs: number;
  /** Navigation start to the first frame with all markers. */
  loadMs: number;
  /** loadMs minus generating the synthetic data: what the page itself spent. */
  renderMs: number;
  heapMB: number;
  /** The map alone: the page's panel and legend hidden, as the other pages have none. */
  frames: FrameStats;
  /** The product as seen: panel and legend on screen (ours only). */
  framesWithChrome: FrameStats | null;
  /** Filter and search steps; null on the basemap page, which has no markers. */
  filter: Record<FilterKind, Timed> | null;
  search: Timed[] | null;
  clearSearch: Timed | null;
  errors: string[];
}

export class DidNotFinish extends Error {
  constructor(
    readonly step: string,
    readonly seconds: number,
  ) {
    super(`did not finish ${step} in ${seconds} s`);
  }
}

function within<T>(promise: Promise<T>, seconds: number, step: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DidNotFinish(step, seconds)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.createCDPSession();
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** A person dragging the map around and zooming in and out with the wheel, over the map, clear of the panel. */
async function panZoom(page: Page): Promise<void> {
  const [x, y] = [420, 380];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 240, y + 120, { steps: 12 });
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.up();
  for (const deltaY of [-300, -300, 300, 300]) {
    await page.mouse.wheel({ deltaY });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
}

function frameStats(intervals: number[]): FrameStats {
  return {
    count: intervals.length,
    p50: median(intervals),
    p95: percentile(intervals, 95),
    max: Math.max(...intervals),
    over50ms: intervals.filter((t) => t > 50).length,
  };
}

/** Loads one bench page, waits for its first full frame and drives the scripted steps. */
export async function runPage(browser: Browser, baseUrl: string, impl: Impl, n: number, timeoutS: number): Promise<RunResult> {
  const opened = await openPage(browser, `${baseUrl}${BLANK_PATH}`, { viewport: DESKTOP });
  const { page } = opened;
  try {
    const url = new URL(PAGE_PATHS[impl], baseUrl);
    url.searchParams.set('n', String(n));
    void page.goto(url.href, { timeout: 0 }).catch(() => undefined);
    const ready = await within(
      page
        .waitForFunction(() => window.__bench !== undefined, { timeout: 0, polling: 100 })
        .then(() => page.evaluate(() => window.__bench!.ready)),
      timeoutS,
      'the first frame',
    );
    const generateMs = await page.evaluate(() => window.__bench!.generateMs);
    const heap = await within(heapMB(page), timeoutS, 'garbage collection');
    const step = <T>(name: string, fn: () => Promise<T>) => within(fn(), timeoutS, name);
    const settle = () => step('settling', () => page.evaluate(() => window.__bench!.settle()));
    const measureFrames = async () => {
      await settle();
      await page.evaluate(() => window.__bench!.startFrames());
      await step('pan and zoom', () => panZoom(page));
      await settle();
      return frameStats(await page.evaluate(() => window.__bench!.stopFrames()));
    };

    const hasChrome = await page.evaluate(() => window.__bench!.setChrome !== undefined);
    const framesWithChrome = hasChrome ? await measureFrames() : null;
    if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(false));
    const frames = await measureFrames();
    if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(true));

    const base = { generateMs, loadMs: ready.ms, renderMs: ready.ms - generateMs, heapMB: heap, frames, framesWithChrome };
    if (impl === 'basemap') return { ...base, filter: null, search: null, clearSearch: null, errors: opened.errors };

    const filter = {} as Record<FilterKind, Timed>;
    for (const kind of FILTER_KINDS) {
      await settle();
      filter[kind] = await step(`filter ${kind}`, () => page.evaluate((k) => window.__bench!.applyFilter(k), kind));
    }
    const search: Timed[] = [];
    for (let end = 1; end <= SEARCH_TEXT.length; end++) {
      const text = SEARCH_TEXT.slice(0, end);
      await settle();
      search.push(await step(`search '${text}'`, () => page.evaluate((t) => window.__bench!.typeSearch(t), text)));
    }
    await settle();
    const clearSearch = await step('clearing the search', () => page.evaluate(() => window.__bench!.typeSearch('')));
    return { ...base, filter, search, clearSearch, errors: opened.errors };
  } finally {
    await within(page.close(), 30, 'closing the page').catch(() => undefined);
  }
}
