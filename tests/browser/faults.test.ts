// Each test loads a page of its own: a failure or an answer from the document's first moment. The list-call tests
// leave the map out (they never look at it); the bad-data popup, the failing tiles and the map chunk keep it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import en from '../../src/i18n/locales/en.json';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { LAND_COLOR, SEA_COLOR } from '../../src/map/basemapStyle';
import { displayStateOf } from '../../src/machines/displayState';
import { LAST_LIST_CACHE, LAST_LIST_KEY } from '../../src/offline/offlineConfig';
import type { Machine } from '../../shared/machine';
import { setupBrowserApp } from './fixture';
import {
  waitForMapReady,
  type ApiAnswer,
  type ApiOverride,
  type OpenedPage,
  type TileMode,
} from '../../testkit/browser/harness';
import { coastDistanceOn, onLand } from './landOutline';
import { canvasAt, closeTo, project, sampleScreen, settledView, unproject, type ScreenPoint } from './mapPixels';
import { hexToRgb } from './pixels';
import { aria, fill } from './screen-helpers';

const LIST_PATH = '/api/rvm/';
const SYSTEM_ERROR = en.error.systemError;
const LOADING = en.app.loading;
const RETRY = en.error.retry;
const GREEN = hexToRgb('#3fa535');

const app = setupBrowserApp();
let listBody: { success: true; rvms: Machine[] };
beforeAll(async () => {
  listBody = (await (await fetch(app.url(LIST_PATH), { method: 'POST' })).json()) as typeof listBody;
});

const countText = (count: number) => fill(en.list.count, { count });
/** The machines of the real answer that the page shows: a deactivated one is hidden. */
const shownMachines = () => listBody.rvms.filter((m) => !m.deactivated);

/**
 * From the document's first moment: every text the message bar shows (it clears itself after 3 s),
 * every dialog the page opens, every console warning, and history.length before the app runs.
 */
async function watchPage(page: Page, seen: { dialogs: string[]; warnings: string[] }): Promise<void> {
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'warn') seen.warnings.push(message.text());
  });
  await page.evaluateOnNewDocument(() => {
    const shown: string[] = [];
    Object.assign(window, { __shownMessages: shown, __historyAtStart: history.length });
    new MutationObserver(() => {
      const text = document.querySelector('[role="status"]')?.textContent?.trim();
      if (text && shown[shown.length - 1] !== text) shown.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const shownMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shownMessages: string[] }).__shownMessages);
/** Chrome logs every non-2xx answer as a console error; these tests make such answers on purpose. */
const unexpectedErrors = (opened: OpenedPage) => opened.errors.filter((e) => !e.startsWith('Failed to load resource'));

async function openWith(
  apiOverride: ApiOverride,
  tiles?: TileMode,
  { withoutKeptList = false, map = true }: { withoutKeptList?: boolean; map?: boolean } = {},
) {
  const seen = { dialogs: [] as string[], warnings: [] as string[] };
  const opened = await app.openPage('/', {
    apiOverride,
    tiles,
    map,
    beforeLoad: async (page) => {
      // The list an earlier page of this browser kept: a list call that gets no answer would show it instead.
      if (withoutKeptList) await forgetKeptList(page);
      await watchPage(page, seen);
    },
  });
  return { ...opened, seen };
}

async function forgetKeptList(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(app.url('/')).origin, storageTypes: 'cache_storage' });
  await cdp.detach();
}

describe('the list call failing (docs/spec.md#errors)', () => {
  // `times`: how many list requests fail. A request that gets no answer at all is made twice: index.html starts
  // the list call, and when that gets no answer the client makes its own (src/api/earlyList.ts).
  const failures: { name: string; answer: ApiAnswer; text: string; times?: number }[] = [
    {
      name: '500 with msg systemError',
      answer: { status: 500, body: { success: false, msg: 'systemError' } },
      text: SYSTEM_ERROR,
    },
    {
      name: '429 with a msg that has a translation',
      answer: { status: 429, body: { success: false, msg: 'tooManyRequests' } },
      text: en.error.tooManyRequests,
    },
    {
      name: '503 with a raw msg and no translation',
      answer: { status: 503, body: { success: false, msg: 'Upgrading <b>database</b>' } },
      text: 'Upgrading <b>database</b>',
    },
    { name: '500 without msg', answer: { status: 500, body: { success: false } }, text: SYSTEM_ERROR },
    {
      name: '502 with a proxy HTML page',
      answer: { status: 502, body: '<html><h1>Bad Gateway</h1></html>', contentType: 'text/html' },
      text: SYSTEM_ERROR,
    },
    { name: '200 with invalid JSON', answer: { status: 200, body: '{"success":true,"rvms":[' }, text: SYSTEM_ERROR },
    { name: 'connection refused (both requests)', answer: 'refuse', text: SYSTEM_ERROR, times: 2 },
  ];

  it.each(failures)(
    '$name: shows its message, clears the overlay, and Retry loads the machines',
    async ({ answer, text, times = 1 }) => {
      let calls = 0;
      const opened = await openWith(
        (request) => (request.path === LIST_PATH && ++calls <= times ? answer : undefined),
        undefined,
        { withoutKeptList: true, map: false },
      );
      const { page, seen } = opened;

      const retry = await page.waitForSelector(aria('button', RETRY), { visible: true, timeout: 30_000 });
      await page.waitForSelector(aria('progressbar', LOADING), { hidden: true });
      expect(await shownMessages(page)).toEqual([text]);
      await page.waitForSelector(`::-p-text(${en.error.loadFailed})`);
      await page.waitForSelector(`::-p-text(${countText(0)})`);

      await retry!.click();
      await page.waitForSelector(`::-p-text(${countText(shownMachines().length)})`, { timeout: 30_000 });
      await page.waitForSelector(aria('button', RETRY), { hidden: true });
      await page.waitForSelector(aria('progressbar', LOADING), { hidden: true });
      expect(calls).toBe(times + 1);
      expect(await shownMessages(page)).toEqual([text]);
      expect(seen.dialogs).toEqual([]);
      expect(unexpectedErrors(opened)).toEqual([]);
      await page.close();
    },
  );

  it('connection refused with a list kept by an earlier visit: shows that list and says the service cannot be reached and the page tries again, no message', async () => {
    // A page that loads once keeps its list (src/offline/useKeepLastList.ts).
    const first = await openWith(() => undefined, undefined, { map: false });
    await first.page.waitForSelector(`::-p-text(${countText(shownMachines().length)})`, { timeout: 30_000 });
    await first.page.waitForFunction(
      async (cacheName, key) => (await (await caches.open(cacheName)).match(key)) !== undefined,
      { timeout: 30_000, polling: 250 },
      LAST_LIST_CACHE,
      LAST_LIST_KEY,
    );
    await first.page.close();

    let calls = 0;
    const opened = await openWith(
      (request) => (request.path === LIST_PATH && ++calls <= 2 ? 'refuse' : undefined),
      undefined,
      { map: false },
    );
    const { page, seen } = opened;
    // The device is online: the notice does not send the visitor to check a connection that works.
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.waitForSelector(`::-p-text(${en.offline.unreachableTitle})`, { visible: true, timeout: 30_000 });
    await page.waitForSelector(`::-p-text(${en.offline.unreachableKeptList})`, { visible: true });
    expect(await page.$(`::-p-text(${en.offline.title})`)).toBeNull();
    await page.waitForSelector(`::-p-text(${countText(shownMachines().length)})`);
    await page.waitForSelector(aria('progressbar', LOADING), { hidden: true });
    expect(await page.$(aria('button', RETRY))).toBeNull();
    // The notice is a status too; no message came with it.
    expect((await shownMessages(page)).filter((text) => !text.startsWith(en.offline.unreachableTitle))).toEqual([]);
    expect(calls).toBe(2);
    expect(seen.dialogs).toEqual([]);
    await page.close();
  });

  it('keeps the blocking overlay up while the call is pending, and takes it down when the answer comes', async () => {
    let answer: (value: ApiAnswer) => void = () => undefined;
    const pending = new Promise<ApiAnswer>((resolve) => (answer = resolve));
    const opened = await openWith((request) => (request.path === LIST_PATH ? pending : undefined), undefined, {
      map: false,
    });
    const { page, apiCalls } = opened;

    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForSelector(aria('progressbar', LOADING), { visible: true, timeout: 30_000 });
    expect(apiCalls.filter((call) => call.path === LIST_PATH)).toHaveLength(1);
    // The overlay is the topmost thing in the middle of the screen: the page cannot be used meanwhile.
    expect(
      await page.evaluate(() => document.elementFromPoint(640, 400)?.closest('[role="progressbar"]') !== null),
    ).toBe(true);

    answer({ status: 200, body: listBody });
    await page.waitForSelector(`::-p-text(${countText(shownMachines().length)})`, { timeout: 30_000 });
    await page.waitForSelector(aria('progressbar', LOADING), { hidden: true });
    expect(await shownMessages(page)).toEqual([]);
    expect(unexpectedErrors(opened)).toEqual([]);
    await page.close();
  });

  it('goes to the login route on 401, replacing the history entry, with no message', async () => {
    const opened = await openWith(
      (request) =>
        request.path === LIST_PATH ? { status: 401, body: { success: false, msg: 'unauthorized' } } : undefined,
      undefined,
      { map: false },
    );
    const { page } = opened;
    await page.waitForSelector(aria('heading', consoleEn.login.title), { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    const [now, atStart] = await page.evaluate(() => [
      history.length,
      (window as unknown as { __historyAtStart: number }).__historyAtStart,
    ]);
    expect(now).toBe(atStart);
    expect(await shownMessages(page)).toEqual([]);
    expect(unexpectedErrors(opened)).toEqual([]);
    await page.close();
  });
});

describe('bad machine data in a good answer', () => {
  it('shows HTML in a name as text, runs none of it, and leaves bad rows off with one warning', async () => {
    const [first, second, third] = listBody.rvms as [Machine, Machine, Machine];
    const hostile = '<img src=x onerror=window.__pwned=1;alert(1)>';
    const rvms = [
      { ...first, name_en: hostile, address_en: '<script>window.__pwned=2</script>' },
      second,
      { ...third, id: 'SWAPPED', coordinates: [third.coordinates[1], third.coordinates[0]] },
      { ...third, id: 'NO-COORDINATES', coordinates: undefined },
      { ...second, name_en: 'Duplicate of the second' },
      { ...third, id: 'UNKNOWN-STATUS', status: 'Exploded', district: 'ATLANTIS', name_zht: undefined },
    ];
    const opened = await openWith((request) =>
      request.path === LIST_PATH ? { status: 200, body: { success: true, rvms } } : undefined,
    );
    const { page, seen } = opened;
    await page.waitForSelector(`::-p-text(${countText(3)})`, { timeout: 30_000 });

    const list = await page.waitForSelector(aria('list', en.list.title));
    const listText = await list!.evaluate((el) => (el as HTMLElement).innerText);
    expect(listText).toContain(hostile);
    expect(listText).toContain('<script>window.__pwned=2</script>');
    expect(listText).not.toContain('Duplicate of the second');

    await (await list!.waitForSelector(`::-p-text(${hostile})`))!.click();
    const popup = await page.waitForSelector(aria('dialog', hostile), { timeout: 30_000 });
    expect(await popup!.evaluate((el) => (el as HTMLElement).innerText)).toContain(hostile);

    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], script:not([src])').length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(seen.dialogs).toEqual([]);
    expect(seen.warnings.filter((w) => w.includes('machine rows left off the map'))).toEqual([
      expect.stringContaining('3 machine rows left off the map'),
    ]);
    expect(unexpectedErrors(opened)).toEqual([]);
    await page.close();
  });
});

describe('map tiles failing', () => {
  it('draws the markers over the offline land outline: land, sea and a marker where they should be', async () => {
    const opened = await openWith(() => undefined, 'fail');
    const { page, tileRequests } = opened;
    await waitForMapReady(page);
    const view = await settledView(page);
    expect(tileRequests.length).toBeGreaterThan(0);

    const markers = shownMachines().map((m) => ({ machine: m, at: project(view, m.coordinates) }));
    // A marker is 24 px, standing on its point: keep samples clear of its box.
    const clearOfMarkers = (p: ScreenPoint) =>
      markers.every(({ at }) => Math.hypot(p.x - at.x, p.y - (at.y - 12)) > 24);
    const coastDistance = coastDistanceOn(view);
    const grid: ScreenPoint[] = [];
    for (let y = view.rect.y + 20; y < view.rect.y + view.rect.height - 20; y += 24) {
      for (let x = view.rect.x + 20; x < view.rect.x + view.rect.width - 20; x += 24) grid.push({ x, y });
    }
    const open = await canvasAt(page, grid);
    const candidates = grid.filter((p, i) => open[i] && clearOfMarkers(p) && coastDistance(p) > 8);
    const land = candidates.filter((p) => onLand(unproject(view, p))).slice(0, 40);
    const sea = candidates.filter((p) => !onLand(unproject(view, p))).slice(0, 40);
    expect(land.length).toBeGreaterThan(5);
    expect(sea.length).toBeGreaterThan(5);

    // An available (green) marker with no other marker near it, in full view.
    const lone = markers.find(
      ({ machine, at }) =>
        displayStateOf(machine) === 'available' &&
        markers.every((other) => other.machine === machine || Math.hypot(other.at.x - at.x, other.at.y - at.y) > 30),
    );
    expect(lone).toBeDefined();
    const [markerVisible] = await canvasAt(page, [{ x: lone!.at.x, y: lone!.at.y - 12 }]);
    expect(markerVisible).toBe(true);
    const markerBox = { x: Math.round(lone!.at.x - 10), y: Math.round(lone!.at.y - 22), width: 20, height: 18 };

    const sample = await sampleScreen(page, [...land, ...sea], [markerBox], GREEN, 20);
    expect(JSON.stringify(await settledView(page))).toBe(JSON.stringify(view));
    const landColours = sample.colours.slice(0, land.length);
    const seaColours = sample.colours.slice(land.length);
    expect(landColours.filter((c) => !closeTo(c, hexToRgb(LAND_COLOR), 6))).toEqual([]);
    expect(seaColours.filter((c) => !closeTo(c, hexToRgb(SEA_COLOR), 6))).toEqual([]);
    expect(sample.counts[0]).toBeGreaterThan(40);
    expect(await shownMessages(page)).toEqual([]);
    expect(unexpectedErrors(opened)).toEqual([]);
    await page.close();
  });
});

describe('the map failing to download', () => {
  it('says the map cannot be shown, the list and search still work, and nothing is thrown unhandled', async () => {
    // The map chunk's download starts with the page, before React renders the map's place.
    const uncaught: string[] = [];
    const opened = await app.openPage('/', {
      failPaths: /\/assets\/MapView-[^/]*\.js$/,
      beforeLoad: (p) => void p.on('pageerror', (e) => uncaught.push(String(e))),
    });
    const { page } = opened;
    await page.waitForSelector(`::-p-text(${en.app.mapUnavailable})`, { timeout: 30_000 });
    await page.waitForSelector(`::-p-text(${countText(shownMachines().length)})`, { timeout: 30_000 });

    const box = await page.waitForSelector(aria('searchbox', en.filter.searchLabel), { visible: true });
    await box!.type('plaza');
    const expected = shownMachines().filter((m) => `${m.name_en}\n${m.address_en}`.toLowerCase().includes('plaza'));
    expect(expected.length).toBeGreaterThan(0);
    await page.waitForSelector(`::-p-text(${countText(expected.length)})`, { timeout: 30_000 });
    expect(await page.$(`::-p-text(${en.app.mapLoading})`)).toBeNull();
    expect(uncaught).toEqual([]);
    // What is logged is the failed download, caught by the map's error boundary.
    expect(unexpectedErrors(opened).filter((e) => !e.includes('Failed to fetch dynamically imported module'))).toEqual(
      [],
    );
    await page.close();
  });
});
