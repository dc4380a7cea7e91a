// Also the console's Embed page (issue 68), on the same server and host pages: a site added there frames the map.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Frame, HTTPRequest, Page } from 'puppeteer-core';
import type { Machine } from '../../shared/machine';
import { startHostPageServer, type HostPageServer } from './embedHostServer';
import { setupDemoApp } from './fixture';
import { ARTIFACTS, DESKTOP, enableTestHooks, waitForMapReady, type OpenedPage } from '../../testkit/browser/harness';
import { seriousFindings } from '../../testkit/browser/axe';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import consoleZht from '../../src/operator/i18n/locales/zht.json';
import consoleZhs from '../../src/operator/i18n/locales/zhs.json';
import { EMBED_SANDBOX } from '../../src/operator/embed/embedCode';
import { addPerson, signIn } from './consolePeople';
import { fill, find, MESSAGES, openCard, textOf, waitFor, waitForListLength } from './screen-helpers';

/** Wide enough that the map's iframe, beside the message log, still gets the desktop layout. */
const WIDE = { width: 1680, height: 1000 };

interface Received {
  origin: string;
  data: { type: string; machine?: Machine };
}

let host: HostPageServer;
let stranger: HostPageServer;
let machine: Machine;

// Three origins: the host at http://localhost:A (allowed), a stranger at http://localhost:B, the map at http://127.0.0.1:C.
// The host pages start first, so that the map's server can be told the allowed origin.
beforeAll(async () => {
  [host, stranger] = await Promise.all([startHostPageServer(), startHostPageServer()]);
});
afterAll(async () => {
  await host?.stop();
  await stranger?.stop();
});

const { app, machines } = setupDemoApp({ env: () => ({ RVM_EMBED_ORIGINS: host.origin }), viewport: WIDE });
beforeAll(() => {
  // A machine with a photo and a name no other machine shares, to find it by its text.
  const found = machines.find((m) => m.picture && machines.filter((o) => o.name_en === m.name_en).length === 1);
  if (!found) throw new Error('the demo data has no machine with a photo');
  machine = found;
});

async function mapFrame(page: Page): Promise<Frame> {
  const frame = await page.waitForFrame((f) => f !== page.mainFrame() && f.url().startsWith(app.server.url), {
    timeout: 30_000,
  });
  await waitForMapReady(frame, 90_000);
  // Errors inside the map's frame, and a count of the messages it has been sent (the app's own listener ran first).
  await frame.evaluate(() => {
    const w = window as unknown as { frameErrors: string[]; messagesSeen: number };
    w.frameErrors = [];
    w.messagesSeen = 0;
    window.addEventListener('error', (e) => w.frameErrors.push(String(e.message)));
    window.addEventListener('unhandledrejection', (e) => w.frameErrors.push(String(e.reason)));
    window.addEventListener('message', () => (w.messagesSeen += 1));
  });
  return frame;
}

const settingsIn = (frame: Frame) =>
  frame.evaluate(() => ({
    lang: document.documentElement.lang,
    fontSize: document.documentElement.style.fontSize,
    heading: document.querySelector('h2')?.textContent,
  }));

const waitForSettings = (frame: Frame, lang: string, fontSize: string) =>
  frame.waitForFunction(
    (l, f) => document.documentElement.lang === l && document.documentElement.style.fontSize === f,
    { timeout: 10_000 },
    lang,
    fontSize,
  );

/** Waits until the map's frame has seen `count` messages since it was opened: then the app has handled them. */
const waitForMessagesSeen = (frame: Frame, count: number) =>
  frame.waitForFunction(
    (n) => (window as unknown as { messagesSeen: number }).messagesSeen >= n,
    { timeout: 10_000 },
    count,
  );

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { rvmHost: { received: Received[] } }).rvmHost.received);

const sendFromHost = (page: Page, message: unknown) =>
  page.evaluate((m) => (window as unknown as { rvmHost: { send(m: unknown): void } }).rvmHost.send(m), message);

const frameErrors = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { frameErrors: string[] }).frameErrors);

describe('a host page on an allowed origin', () => {
  let opened: OpenedPage;
  let frame: Frame;
  let sentSoFar = 0;
  beforeAll(async () => {
    opened = await app.openPage(host.hostPageUrl(app.url('/')));
    frame = await mapFrame(opened.page);
  });

  it('is told rvm:ready once the map is ready, by the map’s origin', async () => {
    await opened.page.waitForSelector('::-p-text(← rvm:ready)', { visible: true, timeout: 30_000 });
    expect(await received(opened.page)).toEqual([{ origin: app.server.url, data: { type: 'rvm:ready' } }]);
    // The map's CSP let it fetch its tiles from inside the frame.
    expect(opened.tileRequests.length).toBeGreaterThan(0);
  });

  it('changes the map’s language live from the Language switcher', async () => {
    const language = (await opened.page.waitForSelector('::-p-aria([role="combobox"][name="Language"])'))!;
    const labelsIn = (code: string) => opened.tileRequests.filter((url) => url.includes(`/label/hk/${code}/`));
    await language.select('zht');
    await waitForSettings(frame, 'zh-Hant-HK', '16px');
    expect(await frame.$('::-p-text(地點列表)')).not.toBeNull();
    // The basemap's labels follow, in traditional Chinese.
    await vi.waitFor(() => expect(labelsIn('tc').length).toBeGreaterThan(0), { timeout: 10_000 });
    await language.select('zhs');
    await waitForSettings(frame, 'zh-Hans', '16px');
    await vi.waitFor(() => expect(labelsIn('sc').length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(await frame.$('::-p-aria([role="heading"][name="地点列表"])')).not.toBeNull();
    expect(await frame.evaluate(() => document.title)).toBe('入樽机（饮料瓶回收机）位置查询');
    await language.select('en');
    await waitForSettings(frame, 'en', '16px');
    expect(await frame.$('::-p-text(Location List)')).not.toBeNull();
    sentSoFar += 3;
  });

  it('changes the map’s text size live from the Text size switcher', async () => {
    const size = (await opened.page.waitForSelector('::-p-aria([role="combobox"][name="Text size"])'))!;
    await size.select('lg');
    await waitForSettings(frame, 'en', '20px');
    await size.select('md');
    await waitForSettings(frame, 'en', '18px');
    await size.select('sm');
    await waitForSettings(frame, 'en', '16px');
    sentSoFar += 3;
    expect(await opened.page.evaluate(() => document.getElementById('log')?.innerText)).toContain(
      '→ {"fontSize":"sm"}',
    );
  });

  it('takes the language and the text size from one message', async () => {
    await sendFromHost(opened.page, { locale: 'zht', fontSize: 'lg' });
    await waitForSettings(frame, 'zh-Hant-HK', '20px');
    await sendFromHost(opened.page, { locale: 'en', fontSize: 'sm' });
    await waitForSettings(frame, 'en', '16px');
    sentSoFar += 2;
  });

  it('ignores junk from the host without an error', async () => {
    const before = await settingsIn(frame);
    const junk: unknown[] = [
      'zht',
      '{"locale":"zht"}',
      null,
      42,
      true,
      ['zht', 'lg'],
      [{ locale: 'zht' }],
      {},
      { locale: 'fr' },
      { locale: 'ZHT' },
      { locale: null },
      { locale: ['zht'] },
      { fontSize: 'xl' },
      { fontSize: 20 },
      { locale: 'zht', fontSize: 'huge' },
      { locale: 'zht', type: 'rvm:settings' },
      { settings: { locale: 'zht' } },
      { locale: 'zht', padding: 'x'.repeat(2_000_000) },
      Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`key${i}`, i])),
    ];
    for (const message of junk) await sendFromHost(opened.page, message);
    await waitForMessagesSeen(frame, sentSoFar + junk.length);
    expect(await settingsIn(frame)).toEqual(before);
    expect(before).toMatchObject({ lang: 'en', fontSize: '16px', heading: 'Location List' });
    expect(await frameErrors(frame)).toEqual([]);
    sentSoFar += junk.length;
  });

  it('tells the host about a machine when its card or its photo is clicked', async () => {
    const popup = await openCard(frame, machine.name_en);
    await (await popup.waitForSelector(`::-p-aria([role="heading"][name="${machine.name_en}"])`))!.click();
    await opened.page.waitForSelector(`::-p-text(← rvm:machine ${machine.id})`, { visible: true });
    await (await popup.waitForSelector(
      `::-p-aria([role="button"][name="Show the photo of ${machine.name_en}"])`,
    ))!.click();
    // The dialog shows the full photo (the card's round one is decorative: its button already names it).
    await waitFor(
      () => frame.$$(`::-p-aria([role="image"][name="Photo of ${machine.name_en}"])`),
      (images) => images.length === 1,
      'the photo dialog',
    );
    await opened.page.waitForFunction(
      (id) =>
        (window as unknown as { rvmHost: { received: Received[] } }).rvmHost.received.filter(
          (r) => r.data.machine?.id === id,
        ).length === 2,
      {},
      machine.id,
    );
    const machines = (await received(opened.page)).filter((r) => r.data.type === 'rvm:machine');
    expect(machines).toHaveLength(2);
    for (const message of machines) {
      expect(message.origin).toBe(app.server.url);
      expect(message.data.machine).toMatchObject({
        id: machine.id,
        name_en: machine.name_en,
        coordinates: machine.coordinates,
        status: machine.status,
        picture: machine.picture,
      });
    }
    expect(await frameErrors(frame)).toEqual([]);
    expect(opened.errors).toEqual([]);
  });
});

describe('the example host page on the map’s own server (/examples/host.html)', () => {
  it('embeds the map, hears rvm:ready and switches its language', async () => {
    const { page, errors } = await app.openPage('/examples/host.html');
    const frame = await mapFrame(page);
    await page.waitForSelector('::-p-text(← rvm:ready)', { visible: true, timeout: 30_000 });
    await (await page.waitForSelector('::-p-aria([role="combobox"][name="Language"])'))!.select('zht');
    await waitForSettings(frame, 'zh-Hant-HK', '16px');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a host page that sandboxes the map without allow-same-origin', () => {
  const SANDBOX = 'allow-scripts allow-popups';

  it('shows the map and the list, hears rvm:ready from origin "null", and changes the language', async () => {
    const opened = await app.openPage(host.hostPageUrl(app.url('/'), { sandbox: SANDBOX }));
    const frame = await mapFrame(opened.page);
    // An opaque origin: every file and call of the page's own server is cross-origin to it, and storage is refused.
    expect(await frame.evaluate(() => window.origin)).toBe('null');
    const refusals = await frame.evaluate(async () => {
      const refusal = async (attempt: () => unknown) => {
        try {
          await attempt();
          return 'allowed';
        } catch (error) {
          return (error as DOMException).name;
        }
      };
      return {
        cache: await refusal(() => caches.open('probe')),
        local: await refusal(() => localStorage.length),
        worker: await refusal(() => navigator.serviceWorker.register('/sw.js')),
      };
    });
    expect(refusals).toEqual({ cache: 'SecurityError', local: 'SecurityError', worker: 'SecurityError' });
    await waitForListLength(frame, MESSAGES.en.list.title, machines.length);
    await opened.page.waitForSelector('::-p-text(← rvm:ready)', { visible: true, timeout: 30_000 });
    expect(await received(opened.page)).toEqual([{ origin: 'null', data: { type: 'rvm:ready' } }]);
    // The list call (a JSON POST: preflighted), the live stream and the tiles all went through.
    expect(opened.apiCalls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining(['POST /api/rvm/', 'GET /api/events']),
    );
    expect(opened.tileRequests.length).toBeGreaterThan(0);
    await (await opened.page.waitForSelector('::-p-aria([role="combobox"][name="Language"])'))!.select('zht');
    await waitForSettings(frame, 'zh-Hant-HK', '16px');
    await frame.waitForSelector('::-p-aria([role="heading"][name="地點列表"])', { timeout: 10_000 });
    await opened.page.screenshot({ path: join(ARTIFACTS, 'embed-sandboxed.png') });
    // Storage refused (no service worker, no kept list) is no error: the page goes on without it.
    expect(await frameErrors(frame)).toEqual([]);
    expect(opened.errors).toEqual([]);
    await opened.page.close();
  });

  it('is still refused by frame-ancestors to a host not on the allowlist', async () => {
    const { page, errors } = await app.openPage(stranger.hostPageUrl(app.url('/'), { sandbox: SANDBOX }));
    await waitFor(async () => errors.some((e) => e.includes('frame-ancestors')), Boolean, 'the frame-ancestors error');
    expect(page.frames().some((f) => f.url().startsWith(app.server.url))).toBe(false);
    await page.close();
  });
});

describe('a host page on an origin not on the allowlist', () => {
  it('cannot even frame the map: the CSP frame-ancestors refuses it', async () => {
    const { page, errors } = await app.openPage(stranger.hostPageUrl(app.url('/')));
    await page.waitForFunction(() => document.querySelector('iframe')?.src.startsWith('http://127.0.0.1'));
    await waitFor(async () => errors.some((e) => e.includes('frame-ancestors')), Boolean, 'the frame-ancestors error');
    expect(errors.find((e) => e.includes('frame-ancestors'))).toContain(`frame-ancestors 'self' ${host.origin}`);
    expect(page.frames().some((f) => f.url().startsWith(app.server.url))).toBe(false);
    await page.close();
  });

  it('with the CSP header stripped on the way (an old browser, a rewriting proxy), it can change nothing and hears nothing', async () => {
    // A browser context of its own, as on a first visit: the service worker the earlier tests' frames installed
    // would fetch the map's document itself, past this page's interception.
    const context = await app.browser.browser().createBrowserContext();
    const page = await context.newPage();
    await enableTestHooks(page);
    await page.setViewport(WIDE);
    await page.setRequestInterception(true);
    page.on('request', (request) => void stripCsp(request));
    await page.goto(stranger.hostPageUrl(app.url('/')), { waitUntil: 'domcontentloaded' });
    const frame = await mapFrame(page);
    const before = await settingsIn(frame);

    // As a person would, then from the console: both messages are exactly what the allowed host sends.
    await (await page.waitForSelector('::-p-aria([role="combobox"][name="Language"])'))!.select('zht');
    await (await page.waitForSelector('::-p-aria([role="combobox"][name="Text size"])'))!.select('lg');
    await sendFromHost(page, { locale: 'zhs', fontSize: 'md' });
    await waitForMessagesSeen(frame, 3);
    expect(await settingsIn(frame)).toEqual(before);

    // The map's own messages must not reach it either: not rvm:ready, not a card click.
    const popup = await openCard(frame, machine.name_en);
    await (await popup.waitForSelector(`::-p-aria([role="heading"][name="${machine.name_en}"])`))!.click();
    // A probe sent after them on the same path: once it arrives, anything the map had sent would have too.
    await frame.evaluate(() => window.parent.postMessage({ type: 'probe' }, '*'));
    await page.waitForSelector('::-p-text(← probe)', { visible: true });
    expect(await received(page)).toEqual([{ origin: app.server.url, data: { type: 'probe' } }]);
    expect(await frameErrors(frame)).toEqual([]);
    await context.close();
  });
});

describe('the console’s Embed page (issue 68): the code, and a site allowed there', { timeout: 180_000 }, () => {
  // One console page, signed in once; the map loads in its preview twice and once in the host's frame.
  let page: Page;
  let pageErrors: string[];
  const t = consoleEn;
  const code = async (label: string) =>
    (await find(page, 'textbox', label)).evaluate((box) => (box as HTMLTextAreaElement).value);
  const preview = () =>
    page.$eval(`iframe[title="${t.embed.previewFrame}"]`, (frame) => (frame as HTMLIFrameElement).src);
  const shows = (text: string) =>
    page.waitForSelector(`::-p-text(${JSON.stringify(text)})`, { visible: true, timeout: 30_000 });

  beforeAll(async () => {
    await addPerson(app.server, 'ada', 'admin');
    const opened = await app.openPage(`/login?next=${encodeURIComponent('/operator/embed')}`, { viewport: DESKTOP });
    ({ page, errors: pageErrors } = opened);
    await page
      .browserContext()
      .overridePermissions(app.server.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await signIn(page, 'ada');
    await find(page, 'heading', t.embed.title);
  }, 60_000);
  afterAll(() => page?.close());

  it('makes the preview and the code follow the choices, and copies the code', async () => {
    expect(await preview()).toBe(`${app.server.url}/?locale=en`);
    await (await find(page, 'combobox', t.embed.language)).select('zht');
    await (await find(page, 'switch', t.embed.kiosk)).click();
    const here = await find(page, 'textbox', t.embed.here);
    await here.type('114.1581,22.2819');
    await shows(t.embed.hereInvalid);
    await here.click({ count: 3 });
    await here.type('22.2819,114.1581');
    await (await find(page, 'combobox', t.embed.status)).select('available');
    await (await find(page, 'combobox', t.embed.area)).select('KOWLOON');
    await (await find(page, 'combobox', t.embed.district)).select('SHAM SHUI PO');
    await (await find(page, 'checkbox', t.embed.location)).click();
    const url =
      `${app.server.url}/?locale=zht&kiosk=1&here=22.2819%2C114.1581` +
      '&status=available&area=KOWLOON&district=SHAM+SHUI+PO';
    await waitFor(preview, (src) => src === url, 'the preview at the chosen address');
    const iframe = await code(t.embed.iframeCode);
    expect(iframe).toContain(`src="${url.replaceAll('&', '&amp;')}"`);
    expect(iframe).toContain('title="入樽機位置查詢"');
    for (const part of ['loading="lazy"', 'allow="geolocation"', `sandbox="${EMBED_SANDBOX}"`]) {
      expect(iframe).toContain(part);
    }
    expect(await code(t.embed.hostScript)).toContain(`const MAP_ORIGIN = "${app.server.url}";`);
    // The preview is the map itself, in the chosen language, framed with the code's own sandbox.
    const frame = await page.waitForFrame((f) => f.url() === url, { timeout: 30_000 });
    await frame.waitForSelector('::-p-text(地點列表)', { timeout: 90_000 });

    await (await find(page, 'button', t.embed.copyIframe)).click();
    await find(page, 'button', t.embed.copied);
    await shows(t.embed.pasteHint);
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('[role="status"]')].some((region) => region.textContent === text),
      { timeout: 5_000 },
      fill(t.embed.copiedSaid, { name: t.embed.iframeCode }),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iframe);
  });

  it('lets a site added by keyboard frame the map with that code and hear rvm:ready; removed, it is refused', async () => {
    const field = await find(page, 'textbox', t.embed.newOrigin);
    await field.focus();
    await page.keyboard.type('stranger.example/path');
    await page.keyboard.press('Enter');
    await shows(t.error.embedOriginInvalid);
    await field.click({ count: 3 });
    await page.keyboard.type(`${stranger.origin}/`);
    await page.keyboard.press('Enter');
    await shows(fill(t.embed.added, { url: stranger.origin }));
    await find(page, 'table', t.embed.addedTable);

    const framed = await app.openPage(stranger.hostPageUrl(app.url('/'), { sandbox: EMBED_SANDBOX }));
    await mapFrame(framed.page);
    await framed.page.waitForSelector('::-p-text(← rvm:ready)', { visible: true, timeout: 30_000 });
    expect(await received(framed.page)).toEqual([{ origin: app.server.url, data: { type: 'rvm:ready' } }]);
    expect(framed.errors).toEqual([]);
    await framed.page.close();

    const remove = await find(page, 'button', fill(t.embed.removeOf, { url: stranger.origin }));
    await remove.focus();
    await page.keyboard.press('Enter');
    await find(page, 'dialog', fill(t.embed.confirmTitle, { url: stranger.origin }));
    await (await find(page, 'button', t.embed.remove)).focus();
    await page.keyboard.press('Enter');
    await shows(fill(t.embed.removed, { url: stranger.origin }));

    const refused = await app.openPage(stranger.hostPageUrl(app.url('/'), { sandbox: EMBED_SANDBOX }));
    await waitFor(
      async () => refused.errors.some((e) => e.includes('frame-ancestors')),
      Boolean,
      'the frame-ancestors error',
    );
    expect(refused.page.frames().some((f) => f.url().startsWith(app.server.url))).toBe(false);
    await refused.page.close();
  });

  it('reads in the three languages, shows the floor read-only, and has no serious accessibility finding', async () => {
    const findings = [...(await seriousFindings(page, 'embed en'))];
    expect(await textOf(await find(page, 'region', t.embed.originsTitle))).toContain(host.origin);
    let languageMenu = t.console.language;
    for (const [locale, texts] of [
      ['zht', consoleZht],
      ['zhs', consoleZhs],
    ] as const) {
      await (await find(page, 'combobox', languageMenu)).select(locale);
      await find(page, 'heading', texts.embed.title);
      await find(page, 'heading', texts.embed.originsTitle);
      await find(page, 'button', texts.embed.copyIframe);
      findings.push(...(await seriousFindings(page, `embed ${locale}`)));
      languageMenu = texts.console.language;
    }
    expect(findings).toEqual([]);
    expect(pageErrors.filter((e) => !/\b40[13]\b/.test(e))).toEqual([]);
  });
});

/** Lets the map's document through without its Content-Security-Policy; tiles and other hosts are refused. */
async function stripCsp(request: HTTPRequest) {
  const url = request.url();
  if (request.resourceType() === 'document' && url.startsWith(app.server.url)) {
    const response = await fetch(url);
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-security-policy'));
    return request.respond({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  }
  if (/^(data|blob):/.test(url) || /^http:\/\/(127\.0\.0\.1|localhost):/.test(url)) return request.continue();
  return request.abort('blockedbyclient');
}
