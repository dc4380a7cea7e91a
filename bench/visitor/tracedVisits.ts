import type { CDPSession, Page } from 'puppeteer-core';
import { launchBrowser, startServer } from '../../testkit/browser/harness';
import { PHONE_NETWORK, serveTiles } from './visitorLoad';

export type Visit = 'cold' | 'warm';

/** When, in ms from the navigation, the page listed its first machine and then drew every marker (0: not yet). */
export interface Seen {
  listAt: number;
  markersAt: number;
}

/**
 * One cold and one warm load of our page (RVM_STATIC or dist/) through the phone network profile, for the tracing
 * tools (`visitorTrace.ts`, `visitorProfile.ts`): a real server, tiles answered locally, and each page watched for its
 * first listed machine and its first frame with every marker (`seenOn`). `visit` opens the page and reads it; the
 * warm load starts once the cold one's service worker is ready.
 */
export async function tracedVisits(
  visit: (context: { page: Page; cdp: CDPSession; url: string; visit: Visit }) => Promise<void>,
): Promise<void> {
  const server = await startServer(process.env.RVM_STATIC ? { RVM_STATIC: process.env.RVM_STATIC } : {});
  // The list's first answer is compressed once per version: made here, as a running server has it.
  await fetch(`${server.url}/api/rvm/`, { method: 'POST', headers: { 'accept-encoding': 'br' } });
  const browser = await launchBrowser();
  try {
    const context = await browser.createBrowserContext();
    for (const kind of ['cold', 'warm'] as const) {
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await page.evaluateOnNewDocument(watchSeen);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await serveTiles(cdp);
      await page.emulateNetworkConditions(PHONE_NETWORK);
      await visit({ page, cdp, url: server.url, visit: kind });
      if (kind === 'cold')
        await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), { timeout: 60_000 });
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** What the page has shown so far (see `Seen`). */
export const seenOn = (page: Page): Promise<Seen> =>
  page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

/** Runs in the page before its scripts. */
function watchSeen(): void {
  const seen: Seen = { listAt: 0, markersAt: 0 };
  Object.assign(window, { __seen: seen });
  new MutationObserver((records) => {
    if (!seen.listAt && document.querySelector('ul[aria-labelledby] > li')) seen.listAt = performance.now();
    if (
      seen.listAt &&
      !seen.markersAt &&
      records.some(
        (r) => r.attributeName === 'aria-busy' && (r.target as Element).getAttribute('aria-busy') === 'false',
      )
    )
      seen.markersAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}
