// The list call started by index.html's inline script (shared/earlyList.ts, src/api/earlyList.ts): one request,
// made by the HTML itself before the page's script has run, allowed by the CSP, and answering the list.
// Each test loads a page of its own (the first moments of a load are what it watches); only the first, which waits
// for the map to see no CSP refusal on its way, draws the map.
import type { HTTPRequest, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { setupBrowserApp } from './fixture';
import { holdApi, waitForMapReady } from '../../testkit/browser/harness';
import { fetchMachines, fill } from './screen-helpers';

const LIST_PATH = '/api/rvm/';
const app = setupBrowserApp();
const countText = (count: number) => fill(en.list.count, { count });

/** Who started each list request: the script's URL at the top of its stack (the page's own URL for inline). */
function watchListRequests(starters: string[]) {
  return (page: Page) => {
    page.on('request', (request: HTTPRequest) => {
      if (new URL(request.url()).pathname !== LIST_PATH) return;
      starters.push(request.initiator()?.stack?.callFrames[0]?.url ?? request.initiator()?.type ?? 'unknown');
    });
  };
}

/** Records the first count the Location List tells, and whether it ever says that no machine matches. */
async function watchListCount(page: Page) {
  await page.evaluateOnNewDocument(
    (title: string, empty: string) => {
      const seen = { firstCount: null as string | null, saidEmpty: false };
      Object.assign(window, { __seen: seen });
      new MutationObserver((_records, observer) => {
        const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === title);
        const section = heading?.closest('section');
        if (!section) return;
        if (section.textContent?.includes(empty)) seen.saidEmpty = true;
        const count = section.querySelector('[aria-live]')?.textContent ?? '';
        if (count === '') return;
        seen.firstCount = count;
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    en.list.title,
    en.list.empty,
  );
}

describe('the list call index.html starts', () => {
  it('is the one list request: made by the HTML, allowed by the CSP, and the list shows its machines', async () => {
    const starters: string[] = [];
    const opened = await app.openPage('/', { beforeLoad: watchListRequests(starters) });
    const { page, apiCalls, errors } = opened;
    const shown = (await fetchMachines(app.server.url)).length;
    await page.waitForSelector(`::-p-text(${countText(shown)})`, { timeout: 30_000 });
    await waitForMapReady(page);

    const listCalls = apiCalls.filter((c) => c.path === LIST_PATH);
    expect(listCalls).toEqual([{ method: 'POST', path: LIST_PATH, body: '{}' }]);
    // Started by the inline script in the document, not by the page's script file.
    expect(starters).toEqual([app.url('/')]);
    // Taken by the client (none left waiting) and no inline script left in the DOM.
    expect(await page.evaluate(() => '__RVM_EARLY_LIST__' in window)).toBe(false);
    expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
    // A CSP refusal would be a console error.
    expect(errors).toEqual([]);
    const response = await fetch(app.url('/'));
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    await page.close();
  });

  it.each([
    { answer: 'in time for the first render', held: false },
    { answer: 'after the page has rendered', held: true },
  ])('the Location List never shows without its machines, answered $answer', async ({ held }) => {
    const hold = held ? holdApi(LIST_PATH) : undefined;
    const opened = await app.openPage('/', { holdApi: hold, beforeLoad: watchListCount, map: false });
    const { page } = opened;
    if (hold) {
      await hold.arrived();
      await page.waitForSelector(`::-p-text(${en.list.title})`, { timeout: 30_000 });
      hold.release();
    }
    const shown = (await fetchMachines(app.server.url)).length;
    await page.waitForSelector(`::-p-text(${countText(shown)})`, { timeout: 30_000 });
    // Its first count is the machines', and it never said that no machine matches.
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({
      firstCount: countText(shown),
      saidEmpty: false,
    });
    await page.close();
  });

  it('falls back to the page’s own request when the early one gets no answer, with no message', async () => {
    let calls = 0;
    const opened = await app.openPage('/', {
      apiOverride: (request) => (request.path === LIST_PATH && ++calls === 1 ? 'refuse' : undefined),
      map: false,
    });
    const { page, apiCalls } = opened;
    const shown = (await fetchMachines(app.server.url)).length;
    await page.waitForSelector(`::-p-text(${countText(shown)})`, { timeout: 30_000 });
    expect(apiCalls.filter((c) => c.path === LIST_PATH)).toHaveLength(2);
    expect(await page.$(`::-p-text(${en.error.loadFailed})`)).toBeNull();
    expect(await page.$(`::-p-text(${en.error.systemError})`)).toBeNull();
    await page.close();
  });

  it('is not made on the login route', async () => {
    const opened = await app.openPage('/login', { map: false });
    const { page, apiCalls } = opened;
    await page.waitForSelector(`::-p-text(${consoleEn.login.title})`, { timeout: 30_000 });
    expect(apiCalls.filter((c) => c.path === LIST_PATH)).toEqual([]);
    await page.close();
  });
});
