import type { Browser, Page } from 'puppeteer-core';
import { DESKTOP, openPage } from '../tests/browser/harness';
import { SEARCH_TEXT, type FilterKind, type Impl, type KeyTimes, type Timed } from './benchApi';
import { collectedHeapMB } from './cdpMetrics';
import { countGlCalls } from './glCounter';
import type { Scenario } from './plan';
import { BLANK_PATH } from '../tests/browser/staticServer';
import { median, percentile } from './stats';
import { stepMeter, type StepMetrics } from './stepMetrics';

/** Paths on the pages' server. */
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
  /** One machine's status changed as a live event does it, until the frame showing it; null where the page has no such step. */
  live: Timed | null;
  /** The same steps in terms that hold on any renderer: main-thread time, WebGL calls, heap (see stepMetrics). */
  metrics: RunMetrics;
  errors: string[];
}

export interface RunMetrics {
  load: StepMetrics;
  filter: Record<FilterKind, StepMetrics> | null;
  search: StepMetrics[] | null;
  clearSearch: StepMetrics | null;
  live: StepMetrics | null;
  /** The drag and zoom of the map alone, whole, and the frame intervals it spans (to give figures per frame). */
  panZoom: { whole: StepMetrics; frames: number } | null;
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

async function typeInSearchBox(page: Page, text: string, settle: () => Promise<unknown>): Promise<KeyTimes> {
  await page.focus(SEARCH_BOX);
  await settle();
  await page.evaluate(() => window.__bench!.startKeys());
  for (const key of text) {
    await page.keyboard.type(key);
    await new Promise((resolve) => setTimeout(resolve, KEY_INTERVAL_MS));
  }
  await settle();
  await page.waitForFunction(
    (count) => window.__bench!.stopKeys().paintedMs.length >= count,
    { timeout: 0, polling: 100 },
    text.length,
  );
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
    await countGlCalls(page);
    const meter = await stepMeter(page);
    const url = new URL(PAGE_PATHS[impl], baseUrl);
    url.searchParams.set('n', String(n));
    const load = await meter.measure(
      () => {
        void page.goto(url.href, { timeout: 0 }).catch(() => undefined);
        return within(
          page
            .waitForFunction(() => window.__bench !== undefined, { timeout: 0, polling: 100 })
            .then(() => page.evaluate(() => window.__bench!.ready)),
          timeoutS,
          'the first frame',
        );
      },
      { fromDocument: true },
    );
    const ready = load.value;
    const generateMs = await page.evaluate(() => window.__bench!.generateMs);
    const heap = await within(collectedHeapMB(meter.cdp), timeoutS, 'garbage collection');
    if (VERBOSE) console.log(`  ${impl} n=${n} load: ${JSON.stringify(load.metrics)}`);
    // Generating the synthetic machines is the same JS on every page: left out of the load's, as of "page".
    const metrics: RunMetrics = {
      load: { ...load.metrics, jsMs: load.metrics.jsMs === null ? null : load.metrics.jsMs - generateMs },
      filter: null,
      search: null,
      clearSearch: null,
      live: null,
      panZoom: null,
    };
    const step = async <T>(name: string, fn: () => Promise<T>) => {
      const begin = Date.now();
      const value = await within(fn(), timeoutS, name);
      if (VERBOSE) console.log(`  ${impl} n=${n} ${name}: ${Date.now() - begin} ms`);
      return value;
    };
    const settleInPage = () => page.evaluate(() => window.__bench!.settle());
    const limitS = scenario.settleLimitS;
    // Where the map may never be quiet (1M in software GL), settling gives up after its limit, noted.
    const settle =
      limitS === undefined
        ? () => step('settling', settleInPage)
        : async () => {
            let timer: NodeJS.Timeout | undefined;
            const gaveUp = new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(false), limitS * 1000);
            });
            const quiet = await Promise.race([settleInPage().then(() => true), gaveUp]).finally(() =>
              clearTimeout(timer),
            );
            if (!quiet) opened.errors.push(`bench: the map was not quiet after ${limitS} s; went on`);
          };
    const measuredStep = async <T>(name: string, fn: () => Promise<T>) => {
      const { value, metrics: stepMetrics } = await meter.measure(
        () => step(name, fn),
        // Measured on until settled only where the map does settle.
        limitS === undefined ? { settle } : {},
      );
      if (VERBOSE) console.log(`  ${impl} n=${n} ${name}: ${JSON.stringify(stepMetrics)}`);
      return { value, metrics: stepMetrics };
    };
    // From the first frame recorded to the map settled again; `measured` also takes the step's metrics.
    const measureFrames = async (kind: 'full' | 'short', measured: boolean) => {
      await settle();
      const run = async () => {
        await page.evaluate(() => window.__bench!.startFrames());
        await step('pan and zoom', () => panZoom(page, kind));
        await settle();
        return frameStats(await page.evaluate(() => window.__bench!.stopFrames()));
      };
      if (!measured) return { stats: await run(), whole: null };
      const { value, metrics: whole } = await meter.measure(run);
      return { stats: value, whole };
    };

    let frames: FrameStats | null = null;
    let framesWithChrome: FrameStats | null = null;
    const kind = scenario.panZoom;
    if (kind !== 'none') {
      // With the panel as well only where frames are cheap enough to script twice.
      const hasChrome = kind === 'full' && (await page.evaluate(() => window.__bench!.setChrome !== undefined));
      if (hasChrome) framesWithChrome = (await measureFrames(kind, false)).stats;
      if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(false));
      // The map alone (the figures compared) is also measured in renderer-independent terms.
      const alone = await measureFrames(kind, true);
      frames = alone.stats;
      metrics.panZoom = { whole: alone.whole!, frames: frames.count };
      if (hasChrome) await page.evaluate(() => window.__bench!.setChrome!(true));
    }
    const base = {
      generateMs,
      loadMs: ready.ms,
      renderMs: ready.ms - generateMs,
      heapMB: heap,
      frames,
      framesWithChrome,
    };
    // Last, on every page: real key presses into the search box, each letter timed until it is on screen.
    const typing = async () => {
      const keys = await step('typing', () => typeInSearchBox(page, SEARCH_TEXT, settle));
      return { handled: frameStats(keys.handledMs), painted: frameStats(keys.paintedMs), keys };
    };
    if (impl === 'basemap') {
      const none = { fullFrameMs: null, filter: null, search: null, clearSearch: null, live: null };
      return { ...base, ...none, typing: await typing(), metrics, errors: opened.errors };
    }

    // Narrowing filters first and the search inside the district, so that only the last step draws every marker.
    const filter = {} as Record<FilterKind, Timed>;
    const filterMetrics = {} as Record<FilterKind, StepMetrics>;
    const applyFilter = async (kind: FilterKind) => {
      await settle();
      const measured = await measuredStep(`filter ${kind}`, () =>
        page.evaluate((k) => window.__bench!.applyFilter(k), kind),
      );
      filter[kind] = measured.value;
      filterMetrics[kind] = measured.metrics;
    };
    await applyFilter('status');
    await applyFilter('district');
    const search: Timed[] = [];
    metrics.search = [];
    for (let end = 1; end <= scenario.keystrokes; end++) {
      const text = SEARCH_TEXT.slice(0, end);
      await settle();
      const measured = await measuredStep(`search '${text}'`, () =>
        page.evaluate((t) => window.__bench!.typeSearch(t), text),
      );
      search.push(measured.value);
      metrics.search.push(measured.metrics);
    }
    await settle();
    const cleared = await measuredStep('clearing the search', () =>
      page.evaluate(() => window.__bench!.typeSearch('')),
    );
    metrics.clearSearch = cleared.metrics;
    await applyFilter('reset');
    metrics.filter = filterMetrics;
    // With every machine shown: one of them changes status.
    let live: Timed | null = null;
    if (await page.evaluate(() => window.__bench!.liveChange !== undefined)) {
      await settle();
      const measured = await measuredStep('live status change', () =>
        page.evaluate(() => window.__bench!.liveChange!()),
      );
      live = measured.value;
      metrics.live = measured.metrics;
    }
    const steps = { fullFrameMs: filter.reset!.ms, filter, search, clearSearch: cleared.value, live };
    return { ...base, ...steps, typing: await typing(), metrics, errors: opened.errors };
  } finally {
    await within(page.close(), 30, 'closing the page').catch(() => undefined);
  }
}
