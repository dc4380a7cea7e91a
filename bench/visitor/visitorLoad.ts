import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page, Target as BrowserTarget } from 'puppeteer-core';
import { DESKTOP, ROOT } from '../../testkit/browser/harness';

/** A common mobile lab profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const PHONE_NETWORK = { latency: 150, download: 1_600_000 / 8, upload: 750_000 / 8 };
/** Tile requests never leave the machine: answered from the test fixture after this delay. */
export const TILE_DELAY_MS = 150;
const TILE_PATTERN = 'https://mapapi.geodata.gov.hk/*';
const TILE = readFileSync(join(ROOT, 'testkit/fixtures/tile.png')).toString('base64');
const LABEL_TILE = readFileSync(join(ROOT, 'testkit/fixtures/label-tile.png')).toString('base64');

/** What one page load cost a visitor, in ms from the navigation's start; null when it did not happen. */
export interface VisitorLoad {
  firstListMachineMs: number | null;
  everyMarkerMs: number | null;
  readyMs: number | null;
  /** Bytes over the network (encoded, as transferred) until the page was quiet; tiles apart. */
  bytes: number;
  tileBytes: number;
  requests: number;
  /** What the service worker fetched during the load (our page: its precache on a first visit). */
  serviceWorkerBytes: number;
  /** When the page's HTML began to arrive (the navigation's responseStart). */
  htmlMs: number | null;
  /**
   * Network-side times, less shaken by the machine's load than the rest (our page only; null elsewhere): when
   * the page's own script (the module script index.html names) and the first list answer had arrived whole.
   */
  shellScriptMs?: number | null;
  listAnswerMs?: number | null;
  /** When each of the first view's downloads was asked for and had arrived (Resource Timing; our page only). */
  spans?: Partial<Record<'shellScript' | 'listAnswer' | 'mapChunk', RequestSpan>>;
}

/** A request from its start to its last byte, ms from the navigation's start. */
export interface RequestSpan {
  startMs: number;
  endMs: number;
}

declare global {
  interface Window {
    __visitor?: { listAt: number | null; markersAt: number | null; readyAt: number | null };
  }
}

/**
 * Runs in every document before its scripts: notes when the Location List shows its first machine, the first
 * map frame with every marker drawn, and when the page said `rvm:ready` (data-map-ready, the test hook set with
 * it), each at the next frame, when it can be painted. Markers: the map region turning `aria-busy="false"` (deck.gl
 * drew the current machines with their icons) after the list had its machines, so the frame holds them all.
 * Should no such change come (a first frame of an empty map already left it false), the `rvm:ready` frame counts,
 * which draws them too. `rvm:ready` also waits for MapLibre's `load` (the first view's tiles), so it can be later.
 */
function watchPage(): void {
  window.__RVM_TEST_HOOKS__ = true;
  const seen: NonNullable<Window['__visitor']> = { listAt: null, markersAt: null, readyAt: null };
  window.__visitor = seen;
  const atPaint = (key: keyof typeof seen) => {
    seen[key] = -1;
    requestAnimationFrame(() => {
      seen[key] = performance.now();
    });
  };
  new MutationObserver((records) => {
    const listBefore = seen.listAt !== null;
    if (!listBefore && document.querySelector('ul[aria-labelledby] > li')) atPaint('listAt');
    const drawn = records.some(
      (r) => r.attributeName === 'aria-busy' && (r.target as Element).getAttribute('aria-busy') === 'false',
    );
    if (seen.markersAt === null && listBefore && drawn) atPaint('markersAt');
    if (seen.readyAt === null && document.documentElement.dataset.mapReady === 'true') {
      atPaint('readyAt');
      if (seen.markersAt === null) atPaint('markersAt');
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'data-map-ready'],
  });
}

/** Answers tile requests from the fixture after TILE_DELAY_MS, through CDP's Fetch domain (the HTTP cache stays on). */
export async function serveTiles(cdp: CDPSession): Promise<void> {
  cdp.on('Fetch.requestPaused', ({ requestId, request }: { requestId: string; request: { url: string } }) => {
    const body = request.url.includes('/label/') ? LABEL_TILE : TILE;
    setTimeout(() => {
      cdp
        .send('Fetch.fulfillRequest', {
          requestId,
          responseCode: 200,
          responseHeaders: [
            { name: 'Content-Type', value: 'image/png' },
            { name: 'Access-Control-Allow-Origin', value: '*' },
          ],
          body,
        })
        .catch(() => undefined);
    }, TILE_DELAY_MS);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: TILE_PATTERN }] });
}

interface RequestSent {
  requestId: string;
  request: { url: string };
  type?: string;
}

/**
 * Counts bytes as transferred, tiles apart, and when the last request ended. A live event stream (our page's
 * /api/events) stays open as long as the page: it is counted but not waited for.
 */
async function countBytes(cdp: CDPSession) {
  const urls = new Map<string, string>();
  const tally = {
    bytes: 0,
    tileBytes: 0,
    requests: 0,
    pending: new Set<string>(),
    lastAt: Date.now(),
    urls,
    /** Requests counted from Resource Timing (settleWorkerScripts). */
    settled: new Set<string>(),
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }: RequestSent) => {
    urls.set(requestId, request.url);
    if (type !== 'EventSource') tally.pending.add(requestId);
    tally.requests += 1;
    tally.lastAt = Date.now();
  });
  const done = (requestId: string, encoded: number) => {
    if (tally.settled.has(requestId)) return;
    const url = urls.get(requestId) ?? '';
    if (url.startsWith('https://mapapi.geodata.gov.hk/')) tally.tileBytes += encoded;
    else tally.bytes += encoded;
    tally.pending.delete(requestId);
    tally.lastAt = Date.now();
  };
  cdp.on(
    'Network.loadingFinished',
    ({ requestId, encodedDataLength }: { requestId: string; encodedDataLength: number }) =>
      done(requestId, encodedDataLength),
  );
  cdp.on('Network.loadingFailed', ({ requestId }: { requestId: string }) => done(requestId, 0));
  await cdp.send('Network.enable');
  return tally;
}

type ByteTally = Awaited<ReturnType<typeof countBytes>>;

/**
 * A dedicated worker's script (MapLibre's) is asked for through the page, but its answer ends on the worker's own
 * target, which this session does not see: such requests are counted from the page's Resource Timing once done.
 */
async function settleWorkerScripts(page: Page, tally: ByteTally): Promise<void> {
  const pending = [...tally.pending].map((id) => ({ id, url: tally.urls.get(id) ?? '' }));
  if (pending.length === 0) return;
  const sizes = await page.evaluate(
    (urls) =>
      urls.map((url) => {
        const entry = performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
        return entry && entry.responseEnd > 0 ? entry.transferSize : null;
      }),
    pending.map(({ url }) => url),
  );
  pending.forEach(({ id }, i) => {
    const size = sizes[i];
    if (size === null || size === undefined) return;
    tally.bytes += size;
    tally.pending.delete(id);
    tally.settled.add(id);
  });
}

/** Our page (with its map chunk's file name, to find it among the downloads) or a bench stage. */
export type Target = { kind: 'ours'; url: string; mapChunk?: string } | { kind: 'bench'; url: string };

/** Bytes the service workers of a browser context fetch, through the same network profile as the page. */
export interface ServiceWorkerTally {
  bytes: number;
}

/**
 * Watches `context` for service workers: each gets the phone network profile (a worker's own fetches, such as
 * a network-first navigation, are not throttled by the page's emulation) and its transferred bytes are
 * counted. A worker's first requests may pass before it is attached.
 */
export function watchServiceWorkers(context: BrowserContext): ServiceWorkerTally {
  const tally = { bytes: 0 };
  const attach = async (target: BrowserTarget) => {
    if (target.type() !== 'service_worker') return;
    const cdp = await target.createCDPSession();
    cdp.on('Network.loadingFinished', ({ encodedDataLength }: { encodedDataLength: number }) => {
      tally.bytes += encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_NETWORK.latency,
      downloadThroughput: PHONE_NETWORK.download,
      uploadThroughput: PHONE_NETWORK.upload,
    });
  };
  context.on('targetcreated', (target) => void attach(target).catch(() => undefined));
  return tally;
}

const QUIET_MS = 1000;
const QUIET_LIMIT_MS = 30_000;
/** Our page's service worker registers once the page is idle and precaches the build: a repeat visit needs it. */
const SERVICE_WORKER_LIMIT_MS = 60_000;

/**
 * Loads `target` once in `context` through the phone network profile with the CPU slowed `cpuSlowdown` times,
 * and waits for its markers (ours: the map frame after `rvm:ready`; a bench page: its own ready), on our page
 * for its service worker to be ready, and for the network to be quiet for a second. A repeat visit is the same
 * call on a context that loaded the page before.
 */
export async function loadAsVisitor(
  context: BrowserContext,
  target: Target,
  cpuSlowdown: number,
  timeoutMs: number,
  serviceWorkers: ServiceWorkerTally,
): Promise<VisitorLoad> {
  const serviceWorkerBytesBefore = serviceWorkers.bytes;
  const page: Page = await context.newPage();
  try {
    await page.setViewport(DESKTOP);
    // As a string, with the helper tsx adds to named functions defined: the page has none.
    await page.evaluateOnNewDocument(`(() => { const __name = (f) => f; (${watchPage.toString()})(); })()`);
    const cdp = await page.createCDPSession();
    const tally = await countBytes(cdp);
    await serveTiles(cdp);
    await page.emulateNetworkConditions(PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(target.url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    const since = (at: number | null) => (at === null || at < 0 ? null : at);
    let bench: number | null = null;
    // A load that does not finish within the limit is recorded with what it reached (nulls for the rest).
    if (target.kind === 'ours') {
      await page
        .waitForFunction(() => Math.min(window.__visitor?.markersAt ?? -1, window.__visitor?.readyAt ?? -1) > 0, {
          timeout: timeoutMs,
          polling: 50,
        })
        .catch(() => undefined);
    } else {
      // The stage's load step counts from its navigation less generating the machines: added back here.
      const ready = page
        .waitForFunction(() => window.__stage !== undefined, { timeout: timeoutMs, polling: 50 })
        .then(() =>
          page.evaluate(() => window.__stage!.load.then((step) => step.drawnMs + window.__stage!.generateMs)),
        );
      bench = await ready.catch(() => null);
    }
    const seen = await page.evaluate(() => window.__visitor!);
    const htmlMs = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return navigation ? navigation.responseStart : null;
    });
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const network = await page.evaluate(
      (mapChunk) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const shell = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
        const script = entries.find((e) => e.name === shell);
        const list = entries.find((e) => new URL(e.name).pathname === '/api/rvm/');
        const map = mapChunk ? entries.find((e) => new URL(e.name).pathname.endsWith(`/${mapChunk}`)) : undefined;
        const [shellSpan, listSpan, mapSpan] = [script, list, map].map((e) =>
          e && e.responseEnd > 0 ? { startMs: e.startTime, endMs: e.responseEnd } : undefined,
        );
        return {
          shellScriptMs: script ? script.responseEnd : null,
          listAnswerMs: list ? list.responseEnd : null,
          spans: { shellScript: shellSpan, listAnswer: listSpan, mapChunk: mapSpan },
        };
      },
      target.kind === 'ours' ? (target.mapChunk ?? null) : null,
    );
    if (target.kind === 'ours') {
      await page
        .waitForFunction(() => navigator.serviceWorker.ready.then(() => true), {
          timeout: SERVICE_WORKER_LIMIT_MS,
        })
        .catch(() => undefined);
    }
    const giveUpAt = Date.now() + QUIET_LIMIT_MS;
    while (tally.pending.size > 0 || Date.now() - tally.lastAt < QUIET_MS) {
      if (Date.now() > giveUpAt) break;
      await settleWorkerScripts(page, tally);
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      firstListMachineMs: since(seen.listAt),
      everyMarkerMs: target.kind === 'ours' ? since(seen.markersAt) : bench,
      readyMs: since(seen.readyAt),
      bytes: tally.bytes,
      tileBytes: tally.tileBytes,
      requests: tally.requests,
      serviceWorkerBytes: serviceWorkers.bytes - serviceWorkerBytesBefore,
      htmlMs,
      ...(target.kind === 'ours' ? network : {}),
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}
