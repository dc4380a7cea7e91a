import { seenOn, tracedVisits } from './tracedVisits';

/**
 * `tsx bench/visitor/visitorTrace.ts`: one cold and one warm load of our page (RVM_STATIC or dist/) through the phone
 * network profile, printing each request's start and end (ms from the navigation) and when the first machine was
 * listed and every marker drawn: what waits on what. Not a measurement (one load); for reading the critical path.
 */
await tracedVisits(async ({ page, cdp, url: origin, visit }) => {
  if (visit === 'warm') await new Promise((r) => setTimeout(r, 8000));
  await page.evaluateOnNewDocument(() => {
    window.__RVM_TEST_HOOKS__ = true;
  });
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
  await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
  await page
    .waitForFunction(() => (window as unknown as { __seen: { markersAt: number } }).__seen.markersAt > 0, {
      timeout: 120_000,
    })
    .catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1500));
  console.log(`\n${visit}: ${JSON.stringify(await seenOn(page))}`);
  for (const row of [...rows.values()].sort((a, b) => a.start - b.start)) {
    const url = row.url
      .replace(origin, '')
      .replace(/^https:\/\/mapapi\.geodata\.gov\.hk/, 'TILE')
      .slice(0, 70);
    console.log(
      `${row.start.toFixed(0).padStart(6)} ${(row.headersAt ?? NaN).toFixed(0).padStart(6)} ${(row.end ?? NaN).toFixed(0).padStart(6)} ${String(row.bytes ?? '').padStart(7)} ${row.priority ?? ''} ${row.sw ? 'cache' : ''} ${url}`,
    );
  }
});
