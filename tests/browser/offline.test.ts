// Offline repeat visits (issue 25 point 5): the service worker (src/offline/sw.ts) and the list the page keeps.
// One server on one port for the whole file, restarted in place for the update test: a service worker and
// what it keeps belong to the page's origin. The page's and the kiosk's two tests share their page; the iframe and
// the deployment load their own. The next deployment's build is made from the file's start, beside the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Frame, Page, Protocol } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import zht from '../../src/i18n/locales/zht.json';
import type { Machine } from '../../shared/machine';
import { UNREACHABLE_RETRY_DELAYS_MS } from '../../src/offline/useRetryWhileUnreachable';
import { startHostPageServer, type HostPageServer } from './embedHostServer';
import { leaseBrowser, type BrowserLease } from './browserLease';
import {
  openPage,
  startServer,
  STATIC_DIR,
  waitForMapReady,
  type OpenedPage,
  type RunningServer,
} from '../../testkit/browser/harness';
import {
  buildFiles,
  buildMark,
  buildMarked,
  freePort,
  loadedFiles,
  setOffline,
  waitForOfflineReady,
} from './offline-helpers';
import { aria, fetchMachines, fill } from './screen-helpers';

const LIST_PATH = '/api/rvm/';
/** Longer than a few of the live events' reconnects, which are the page's only requests while offline. */
const OFFLINE_WATCH_MS = 10_000;
/** Short, so that the kiosk's own refreshes would show in the offline watch. */
const KIOSK_REFRESH_MS = 4000;
/** Chromium's failed loads while offline; a tile is answered by the tests' own interception, offline or not. */
const OFFLINE_ERROR = /ERR_INTERNET_DISCONNECTED/;

let port: number;
let dataDir: string;
let server: RunningServer;
let lease: BrowserLease;
let machines: Machine[];
/** The next deployment's build (for the last test), made while the tests before it run: most of them wait. */
let nextBuild: string | undefined;
let nextBuildDone: Promise<unknown> | undefined;

const start = async (staticDir: string) => {
  server = await startServer({
    PORT: String(port),
    RVM_DB: join(dataDir, 'rvm.sqlite'),
    RVM_FILES: join(dataDir, 'files'),
    RVM_STATIC: staticDir,
    RVM_KIOSK_REFRESH_MS: String(KIOSK_REFRESH_MS),
  });
};

beforeAll(async () => {
  nextBuild = mkdtempSync(join(tmpdir(), 'rvm-next-build-'));
  // Settled either way: a failure is thrown by the test that needs the build, not as an unhandled rejection.
  nextBuildDone = buildMarked(nextBuild, 'next').then(
    () => undefined,
    (error: unknown) => error,
  );
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'rvm-offline-'));
  const started = await Promise.allSettled([start(STATIC_DIR), leaseBrowser().then((l) => (lease = l))]);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  machines = await fetchMachines(server.url);
}, 180_000);

afterAll(async () => {
  await lease?.release();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  // A build still running (the file stopped early) writes into its folder until it ends.
  await nextBuildDone;
  if (nextBuild) rmSync(nextBuild, { recursive: true, force: true });
}, 300_000);

const countText = (count: number) => fill(en.list.count, { count });
const unexpectedErrors = (opened: OpenedPage) => opened.errors.filter((e) => !OFFLINE_ERROR.test(e));

/**
 * The notice of a page reloaded without a network, with the list it kept: "You are offline" when its browser says
 * so; Chromium 150's offline emulation leaves a reloaded document's navigator.onLine true (156's does not), and a
 * page whose browser says it is online but whose server does not answer says the service cannot be reached.
 */
async function waitForNotice(where: Page | Frame, t: typeof en | typeof zht): Promise<void> {
  const online = await where.evaluate(() => navigator.onLine);
  const [title, text] = online
    ? [t.offline.unreachableTitle, t.offline.unreachableKeptList]
    : [t.offline.title, t.offline.keptList];
  await where.waitForSelector(`::-p-text(${title})`, { visible: true, timeout: 30_000 });
  await where.waitForSelector(`::-p-text(${text})`, { visible: true });
}

/** "Data as of 14:05" as the page shows it (the panel's line, and the offline notice's while offline). */
const dataAsOf = (where: Page | Frame) =>
  where.$$eval('time', (times) =>
    times.map((t) => t.textContent ?? '').filter((text) => text.startsWith('Data as of')),
  );

/**
 * Watches where the page's script files come from: for each, the service worker's static route it took and where
 * the answer came from (Chromium's own record, as DevTools shows it), or 'worker' for the worker's fetch handler.
 */
async function watchScriptSources(page: Page): Promise<() => string[]> {
  const cdp = await page.createCDPSession();
  const sources: string[] = [];
  cdp.on('Network.responseReceived', (event: Protocol.Network.ResponseReceivedEvent) => {
    const { url, serviceWorkerRouterInfo: routed, fromServiceWorker } = event.response;
    if (!/\/assets\/[^/]+\.js$/.test(new URL(url).pathname)) return;
    sources.push(routed ? `route ${routed.actualSourceType}` : fromServiceWorker ? 'worker' : 'network');
  });
  await cdp.send('Network.enable');
  return () => sources;
}

function renameMachine(id: string, name: string): void {
  const db = new Database(join(dataDir, 'rvm.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE machines SET name_en = ?, updated_at = ? WHERE id = ?')
      .run(name, new Date().toISOString(), id).changes;
    if (changed !== 1) throw new Error(`no machine ${id}`);
  } finally {
    db.close();
  }
}

describe.each([
  // Back online, the page reloads its list once; the kiosk may also have refreshed it on its own clock.
  { name: 'the page', path: '/', fewest: 1, most: 1 },
  { name: 'the kiosk', path: '/?kiosk=1', fewest: 1, most: 2 },
])('$name without a network', ({ path, fewest, most }) => {
  let opened: OpenedPage;
  let shownAsOf: string[];
  beforeAll(async () => {
    opened = await openPage(lease.context, `${server.url}${path}`);
    await opened.page.waitForSelector(`::-p-text(${countText(machines.length)})`, { timeout: 60_000 });
    await waitForMapReady(opened.page);
    await waitForOfflineReady(opened.page);
    shownAsOf = await dataAsOf(opened.page);
  }, 180_000);
  afterAll(async () => {
    await setOffline(lease.context, opened.page, false);
    await opened.page.close();
  });

  it('reloads to the page with the last list, its "Data as of" time and the offline notice, and no request loop', async () => {
    const { page } = opened;
    expect(shownAsOf).toHaveLength(1);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
    // Counted once offline: a kiosk refresh or a live reload already on its way before is not the offline page's.
    await setOffline(lease.context, page, true);
    const listCallsBefore = opened.apiCalls.filter((c) => c.path === LIST_PATH).length;
    const scriptSources = await watchScriptSources(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForNotice(page, en);
    await page.waitForSelector(`::-p-text(${countText(machines.length)})`, { timeout: 30_000 });
    // The map chunk (MapLibre's worker inside it) and the marker atlas came from the precache: the map draws the machines.
    await waitForMapReady(page);
    // Every script straight from the precache by the worker's static route (src/offline/staticRoutes.ts), none
    // through its JavaScript: a file kept with `Vary` would have missed and failed here, offline.
    expect(scriptSources().length).toBeGreaterThan(3);
    expect(new Set(scriptSources())).toEqual(new Set(['route cache']));
    // The same time as before the network went: the panel's line and the notice's.
    expect(await dataAsOf(page)).toEqual([shownAsOf[0], shownAsOf[0]]);

    // A browser whose new document says it is online (Chromium 150's offline emulation does not reach a reloaded
    // document's navigator.onLine; 156's does) tries the list: index.html's request, then the page's own.
    const online = await page.evaluate(() => navigator.onLine);
    const probes = online ? 2 : 0;
    // Such a page also retries the list quietly now and then (useRetryWhileUnreachable); on a slow machine one of
    // those falls within the watch.
    const quietRetries = online ? Math.ceil(OFFLINE_WATCH_MS / UNREACHABLE_RETRY_DELAYS_MS[0]) : 0;
    const watchFrom = failed.length;
    await new Promise((r) => setTimeout(r, OFFLINE_WATCH_MS));
    // No list call that could only fail, no error message or Retry, no crash; the live events' own
    // reconnect (every few seconds) is the only request that fails.
    // At most the one reload the live connection makes when its stream fails before it had an event id: no loop.
    expect(opened.apiCalls.filter((c) => c.path === LIST_PATH).length).toBeLessThanOrEqual(
      listCallsBefore + 1 + probes + quietRetries,
    );
    const failures = failed.slice(watchFrom);
    expect(failures.filter((p) => p !== '/api/events' && p !== LIST_PATH)).toEqual([]);
    expect(failures.filter((p) => p === LIST_PATH).length).toBeLessThanOrEqual(quietRetries);
    expect(failures.length).toBeLessThanOrEqual(OFFLINE_WATCH_MS / 2000);
    expect(await page.$(`::-p-text(${en.error.systemError})`)).toBeNull();
    expect(await page.$(aria('button', en.error.retry))).toBeNull();
    expect(await page.$(aria('progressbar', en.app.loading))).toBeNull();
    expect(unexpectedErrors(opened)).toEqual([]);
  });

  it('back online, fetches the fresh list by itself', async () => {
    const { page } = opened;
    const machine = machines[machines.length - 1]!;
    const newName = `Back Online ${path === '/' ? 'Page' : 'Kiosk'} Plaza`;
    // Changed on the server while the page is offline.
    renameMachine(machine.id, newName);
    const search = await page.waitForSelector(aria('searchbox', en.filter.searchLabel), { visible: true });
    await search!.type(newName);
    await page.waitForSelector(`::-p-text(${countText(0)})`, { timeout: 30_000 });

    const listCallsBefore = opened.apiCalls.filter((c) => c.path === LIST_PATH).length;
    await setOffline(lease.context, page, false);
    await page.waitForSelector(`::-p-text(${countText(1)})`, { timeout: 30_000 });
    await page.waitForSelector(`::-p-text(${en.offline.title})`, { hidden: true });
    await page.waitForSelector(`::-p-text(${en.offline.unreachableTitle})`, { hidden: true });
    const listCalls = opened.apiCalls.filter((c) => c.path === LIST_PATH).length - listCallsBefore;
    expect(listCalls).toBeGreaterThanOrEqual(fewest);
    expect(listCalls).toBeLessThanOrEqual(most);
    expect(await page.$(aria('progressbar', en.app.loading))).toBeNull();
    expect(unexpectedErrors(opened)).toEqual([]);
    renameMachine(machine.id, machine.name_en);
  });
});

describe('the map in a host page’s iframe without a network', () => {
  let host: HostPageServer;
  beforeAll(async () => {
    host = await startHostPageServer();
  });
  afterAll(() => host?.stop());

  const mapFrame = async (page: Page): Promise<Frame> => {
    const frame = await page.waitForFrame((f) => f !== page.mainFrame() && f.url().startsWith(server.url), {
      timeout: 30_000,
    });
    await waitForMapReady(frame, 90_000);
    return frame;
  };

  it('reloads to the last list and the offline notice in the host’s language', async () => {
    const opened = await openPage(lease.context, host.hostPageUrl(`${server.url}/?locale=zht`));
    const { page } = opened;
    const frame = await mapFrame(page);
    await waitForOfflineReady(frame);
    const title = fill(zht.list.count, { count: machines.length });
    await frame.waitForSelector(`::-p-text(${title})`);

    await setOffline(lease.context, page, true);
    await frame.evaluate(() => location.reload());
    const reloaded = await mapFrame(page);
    await waitForNotice(reloaded, zht);
    await reloaded.waitForSelector(`::-p-text(${title})`);
    expect(unexpectedErrors(opened)).toEqual([]);
    await setOffline(lease.context, page, false);
    await page.close();
  }, 300_000);
});

describe('a new deployment', () => {
  beforeAll(async () => {
    const failed = await nextBuildDone;
    if (failed !== undefined) throw failed;
  }, 300_000);

  it('takes over on the next load, with none of the old build’s files, online and then offline', async () => {
    if (!nextBuild) throw new Error('no next build');
    const opened = await openPage(lease.context, `${server.url}/`);
    const { page } = opened;
    await waitForMapReady(page);
    await waitForOfflineReady(page);
    expect(await buildMark(page)).toBeNull();

    const oldFiles = buildFiles(STATIC_DIR);
    const newFiles = buildFiles(nextBuild);
    const oldOnly = [...oldFiles].filter((f) => !newFiles.has(f));
    // The two builds differ in every chunk with page code: a mix would show.
    expect(oldOnly.length).toBeGreaterThan(3);
    expect(oldOnly.some((f) => /\/MapView-[^/]*\.js$/.test(f))).toBe(true);

    // The deployment: the same origin serves the next build.
    await server.stop();
    await start(nextBuild);

    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await buildMark(page)).toBe('next');
    await page.waitForSelector(`::-p-text(${countText(machines.length)})`, { timeout: 60_000 });
    await waitForMapReady(page);
    const online = await loadedFiles(page);
    expect(online.filter((f) => !newFiles.has(f))).toEqual([]);
    expect(online.some((f) => /\/MapView-[^/]*\.js$/.test(f))).toBe(true);

    // The next build's worker has taken over and dropped the old build's files.
    await page.waitForFunction(
      async (old) => {
        const names = await caches.keys();
        const precache = names.find((n) => n.startsWith('workbox-precache'));
        if (!precache) return false;
        const paths = (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname);
        return !paths.some((p) => old.includes(p)) && paths.some((p) => p.startsWith('/assets/main-'));
      },
      { timeout: 60_000, polling: 500 },
      oldOnly,
    );

    await setOffline(lease.context, page, true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await buildMark(page)).toBe('next');
    await waitForNotice(page, en);
    await waitForMapReady(page);
    expect((await loadedFiles(page)).filter((f) => !newFiles.has(f))).toEqual([]);
    // While the old server closes, Fastify answers a request that comes in (the live stream's reconnect) with 503.
    expect(unexpectedErrors(opened).filter((e) => !e.includes('status of 503'))).toEqual([]);
    await setOffline(lease.context, page, false);
    await page.close();
  }, 300_000);
});
