import { launchBrowser, startServer } from '../tests/browser/harness';
import { PHONE_NETWORK, serveTiles } from './visitorLoad';

/**
 * `tsx bench/visitorTrace.ts`: one cold and one warm load of our page (RVM_STATIC or dist/) through the phone
 * network profile, printing each request's start and end (ms from the navigation) and when the first machine was
 * listed and every marker drawn: what waits on what. Not a measurement (one load); for reading the critical path.
 */
const server = await startServer(process.env.RVM_STATIC ? { RVM_STATIC: process.env.RVM_STATIC } : {});
// The list's first answer is compressed once per version: made here, as a running server has it.
await fetch(`${server.url}/api/rvm/`, { method: 'POST', headers: { 'accept-encoding': 'br' } });
const browser = await launchBrowser();
try {
  const context = await browser.createBrowserContext();
  for (const visit of ['cold', 'warm']) {
    if (visit === 'warm') await new Promise((r) => setTimeout(r, 8000));
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluateOnNewDocument(() => {
      window.__RVM_TEST_HOOKS__ = true;
      const seen = { listAt: 0, markersAt: 0 };
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
    });
    const cdp = await page.createCDPSession();
    const rows = new Map<
      string,
      { url: string; start: number; end?: number; bytes?: number; priority?: string; sw?: boolean; headersAt?: number }
    >();
    let t0 = 0;
    cdp.on(
      'Network.requestWillBeSent',
      (e: { requestId: string; request: { url: string; initialPriority?: string }; timestamp: number }) => {
        if (!t0) t0 = e.timestamp;
        rows.set(e.requestId, {
          url: e.request.url,
          start: (e.timestamp - t0) * 1000,
          priority: e.request.initialPriority,
        });
      },
    );
    cdp.on(
      'Network.responseReceived',
      (e: {
        requestId: string;
        timestamp: number;
        response: { fromServiceWorker?: boolean; fromDiskCache?: boolean };
      }) => {
        const row = rows.get(e.requestId);
        if (row) {
          row.sw = Boolean(e.response.fromServiceWorker || e.response.fromDiskCache);
          row.headersAt = (e.timestamp - t0) * 1000;
        }
      },
    );
    cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      const row = rows.get(e.requestId);
      if (row) Object.assign(row, { end: (e.timestamp - t0) * 1000, bytes: e.encodedDataLength });
    });
    await cdp.send('Network.enable');
    await serveTiles(cdp);
    await page.emulateNetworkConditions(PHONE_NETWORK);
    await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
    await page
      .waitForFunction(() => (window as unknown as { __seen: { markersAt: number } }).__seen.markersAt > 0, {
        timeout: 120_000,
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    const seen = await page.evaluate(() => (window as unknown as { __seen: object }).__seen);
    console.log(`\n${visit}: ${JSON.stringify(seen)}`);
    for (const row of [...rows.values()].sort((a, b) => a.start - b.start)) {
      const url = row.url
        .replace(server.url, '')
        .replace(/^https:\/\/mapapi\.geodata\.gov\.hk/, 'TILE')
        .slice(0, 70);
      console.log(
        `${row.start.toFixed(0).padStart(6)} ${(row.headersAt ?? NaN).toFixed(0).padStart(6)} ${(row.end ?? NaN).toFixed(0).padStart(6)} ${String(row.bytes ?? '').padStart(7)} ${row.priority ?? ''} ${row.sw ? 'cache' : ''} ${url}`,
      );
    }
    if (visit === 'cold')
      await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), { timeout: 60_000 });
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
