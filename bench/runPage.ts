import type { Browser, Page } from 'puppeteer-core';
import { DESKTOP, openPage } from '../tests/browser/harness';
import { SEARCH_TEXT, type FilterKind, type Impl, type KeyTimes, type Timed } from './benchApi';
import type { Scenario } from './plan';
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
  /** The map alone: the page's panel and legend hidden, as the other pages have none; null when not scripted. */
  frames: FrameStats | null;
  /** The product as seen: panel and legend on screen (ours only). */
  framesWithChrome: FrameStats | null;
  /** The last step shows every machine again: its time is about one full frame at this N. */
  fullFrameMs: number | null;
  /** Filter and search steps; null on the basemap page, which has no markers. */
  filter: Record<FilterKind, Timed> | null;
  search: Timed[] | null;
  clearSearch: Timed | null;
  /** Keys typed into the page's search box: how long each waited for the page's handlers, and to be on screen. */
  typing: { handled: FrameStats; painted: FrameStats; keys: KeyTimes };
  errors: string[];
}

const VERBOSE = Boolean(process.env.BENCH_VERBOSE);

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
async function panZoom(page: Page, kind: 'full' | 'short'): Promise<void> {
  const [x, y] = [420, 380];
  const steps = kind === 'full' ? 12 : 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 240, y + 120, { steps });
  await page.mouse.move(x, y, { steps });
  await page.mouse.up();
  for (const deltaY of kind === 'full' ? [-300, -300, 300, 300] : []) {
    await page.mouse.wheel({ deltaY });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
}

/** A person typing at about 40 words a minute. Each pause is longer than the search debounce, so every key searches. */
const KEY_INTERVAL_MS = 300;
/** The product's search box; the other pages have a plain one with the same placeholder. */
const SEARCH_BOX = 'input[placeholder="Please enter a location"]';

async function typeInSearchBox(page: Page, text: string): Promise<KeyTimes> {
  await page.focus(SEARCH_BOX);
  await page.evaluate(() => window.__bench!.settle());
  await page.evaluate(() => window.__bench!.startKeys());
  for (const key of text) {
    await page.keyboard.type(key);
    await new Promise((resolve) => setTimeout(resolve, KEY_INTERVAL_MS));
  }
  await page.evaluate(() => window.__bench!.settle());
  await page.waitForFunction((count) => window.__bench!.stopKeys().paintedMs.length >= count, { timeout: 0, polling: 100 }, text.length);
  return page.evaluate(() => window.__bench!.stopKeys());
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
export async function runPage(
  browser: Browser,
  baseUrl: string,
  impl: Impl,
  n: number,
  timeoutS: number,
  scenario: Scenario,
): Promise<RunResult> {
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
    const step = async <T>(name: string, fn: () => Promise<T>) => {
      const begin = Date.now();
      const value = await within(fn(), timeoutS, name);
      if (VERBOSE) console.log(`  ${impl} n=${n} ${name}: ${Date.now() - begin} ms`);
      return value;
    };
    const settle = () => step('settling', () => page.evaluate(() => window.__bench!.settle()));
    const measureFrames = async (kind: 'full' | 'short') => {
      await settle();
      await page.evaluate(() => window.__bench!.startFrames());
      await step('pan and zoom', () => panZoom(page, kind));
      await settle();
      return frameStats(await page.evaluate(() => window.__bench!.stopFrames()));
    };

    let frames: FrameStats | null = null;
    let framesWithChrome: FrameStats | null = null;
    if (scenario.panZoom !== 'none') {
      // With the panel as well only where frames are cheap enough to script twice.
      const hasChrome = scenario.panZoom === 'full' && (await page.evaluate(() => window.__bench!.setChrome !== undefined));
      if (hasChrome) framesWithChrome = await measureFrames(scenario.panZoom);
      if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(false));
      frames = await measureFrames(scenario.panZoom);
      if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(true));
    }
    const base = { generateMs, loadMs: ready.ms, renderMs: ready.ms - generateMs, heapMB: heap, frames, framesWithChrome };
    // Last, on every page: real key presses into the search box, each letter timed until it is on screen.
    const typing = async () => {
      const keys = await step('typing', () => typeInSearchBox(page, SEARCH_TEXT));
      return { handled: frameStats(keys.handledMs), painted: frameStats(keys.paintedMs), keys };
    };
    if (impl === 'basemap') {
      return { ...base, fullFrameMs: null, filter: null, search: null, clearSearch: null, typing: await typing(), errors: opened.errors };
    }

    // Narrowing filters first and the search inside the district, so that only the last step draws every marker.
    const filter = {} as Record<FilterKind, Timed>;
    const applyFilter = async (kind: FilterKind) => {
      await settle();
      filter[kind] = await step(`filter ${kind}`, () => page.evaluate((k) => window.__bench!.applyFilter(k), kind));
    };
    await applyFilter('status');
    await applyFilter('district');
    const search: Timed[] = [];
    for (let end = 1; end <= scenario.keystrokes; end++) {
      const text = SEARCH_TEXT.slice(0, end);
      await settle();
      search.push(await step(`search '${text}'`, () => page.evaluate((t) => window.__bench!.typeSearch(t), text)));
    }
    await settle();
    const clearSearch = await step('clearing the search', () => page.evaluate(() => window.__bench!.typeSearch('')));
    await applyFilter('reset');
    return { ...base, fullFrameMs: filter.reset!.ms, filter, search, clearSearch, typing: await typing(), errors: opened.errors };
  } finally {
    await within(page.close(), 30, 'closing the page').catch(() => undefined);
  }
}
