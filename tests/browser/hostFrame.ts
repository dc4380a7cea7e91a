// The app framed by a same-origin host page that fills the viewport: the host changes the language and the text
// size live with its messages (docs/spec.md#embedding), so one page load serves every language and text size.
import type { Frame, Page } from 'puppeteer-core';
import type { FontSize } from '../../src/config';
import type { BrowserApp } from './fixture';
import type { OpenPageOptions } from '../../testkit/browser/harness';
import type { Locale } from './screen-helpers';

const HTML_LANG: Record<Locale, string> = { en: 'en', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };
const ROOT_FONT_PX: Record<FontSize, string> = { sm: '16px', md: '18px', lg: '20px' };

export interface HostedApp {
  page: Page;
  /** The app's frame as it is now (a new one after the frame is navigated). */
  frame: () => Promise<Frame>;
  /** Sends the host's message and waits until the page shows that language and text size. */
  settle: (settings: { locale: Locale; fontSize: FontSize }) => Promise<Frame>;
  /** Points the frame at another address of the app. */
  navigate: (path: string) => Promise<Frame>;
}

export async function openHosted(app: BrowserApp, path = '/', options: OpenPageOptions = {}): Promise<HostedApp> {
  const { page } = await app.openPage('/api/health', options);
  await page.setContent(
    `<!doctype html><body style="margin:0"><iframe title="RVM map" src="${app.url(path)}" style="width:100vw;height:100vh;border:0;display:block"></iframe></body>`,
  );
  const frame = async () => (await (await page.waitForSelector('iframe'))!.contentFrame())!;
  const settle = async ({ locale, fontSize }: { locale: Locale; fontSize: FontSize }) => {
    await page.evaluate((settings) => document.querySelector('iframe')!.contentWindow!.postMessage(settings, '*'), {
      locale,
      fontSize,
    });
    const inFrame = await frame();
    await inFrame.waitForFunction(
      (lang, px) =>
        document.documentElement.lang === lang && getComputedStyle(document.documentElement).fontSize === px,
      { timeout: 30_000 },
      HTML_LANG[locale],
      ROOT_FONT_PX[fontSize],
    );
    // The list's viewport follows the new size through a ResizeObserver: two frames later it has.
    await inFrame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return inFrame;
  };
  // Returns once the frame holds the new document: a caller reading it sooner could still meet the old one, whose
  // context the new one destroys mid-evaluation.
  const navigate = async (to: string) => {
    const inFrame = await frame();
    await Promise.all([
      inFrame.waitForNavigation({ timeout: 60_000 }),
      page.evaluate((src) => void (document.querySelector('iframe')!.src = src), app.url(to)),
    ]);
    return frame();
  };
  return { page, frame, settle, navigate };
}

/** How the Location List fits on screen: its rows wholly in view, and whether its panel needs scrolling. */
export interface ListFit {
  wholeRows: number;
  panelScrolls: boolean;
}

export async function listFit(where: Frame | Page, listName: string): Promise<ListFit> {
  return where.evaluate((name) => {
    const list = [...document.querySelectorAll('ul')].find(
      (ul) => document.getElementById(ul.getAttribute('aria-labelledby') ?? '')?.textContent === name,
    );
    if (!list) throw new Error(`no list named ${name}`);
    let viewport = list.parentElement;
    while (viewport && !['auto', 'scroll'].includes(getComputedStyle(viewport).overflowY))
      viewport = viewport.parentElement;
    if (!viewport) throw new Error('the list does not scroll');
    const v = viewport.getBoundingClientRect();
    const top = Math.max(v.top, 0);
    const bottom = Math.min(v.bottom, window.innerHeight);
    const wholeRows = [...list.children].filter((li) => {
      const r = li.getBoundingClientRect();
      return r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    }).length;
    // The panel (or the list card) around the list: scrolled or cut off by the screen, it would hide controls.
    let panel = viewport.parentElement;
    while (panel && !panel.id) panel = panel.parentElement;
    const p = panel?.getBoundingClientRect();
    const panelScrolls =
      !panel || panel.scrollHeight > panel.clientHeight + 1 || p!.bottom > window.innerHeight + 0.5 || p!.top < 0;
    return { wholeRows, panelScrolls };
  }, listName);
}

/** The names (role: name) of the given controls that are not wholly on screen. */
export async function offScreen(where: Frame, controls: readonly [role: string, name: string][]): Promise<string[]> {
  const missing: string[] = [];
  for (const [role, name] of controls) {
    const handle = await where.$(`::-p-aria([role="${role}"][name="${name.replace(/"/g, '\\"')}"])`);
    const box = await handle?.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { ...r.toJSON(), visible: el.checkVisibility() } as DOMRect & { visible: boolean };
    });
    const [w, h] = await where.evaluate(() => [window.innerWidth, window.innerHeight]);
    if (!box?.visible || box.left < 0 || box.top < 0 || box.right > w! + 0.5 || box.bottom > h! + 0.5)
      missing.push(`${role}: ${name}`);
  }
  return missing;
}
