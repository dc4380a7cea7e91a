// Issue 26 §2: live statuses survive an outage of the event stream, as when a proxy answers 503 during a deploy.
// A change made during the outage shows on the open card once the stream is back.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { popupOf } from './beyond-helpers';
import { setupBrowserApp } from './fixture';
import { ADMIN_TOKEN, waitForMapReady, type OpenedPage } from '../../testkit/browser/harness';
import { startOutageProxy } from './outageProxy';
import { chooseFromList, fetchMachines, machineById, waitFor } from './screen-helpers';

const LIST = en.list.title;
const app = setupBrowserApp({ start: () => startOutageProxy() });

function operatorSetsStatus(id: string, status: string) {
  return fetch(`${app.server.server.url}/api/operator/machines/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ status }),
  });
}

/** Counts, in the page, the `ready` events its event streams receive (the stream is open and caught up). */
async function countReadyEvents(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const Native = window.EventSource;
    const counted = { ready: 0 };
    Object.assign(window, { __live: counted });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('ready', () => (counted.ready += 1));
      }
    };
  });
}

const readyEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __live: { ready: number } }).__live.ready);

/** Opens the machine's card from the list and waits for its capacity caption. */
async function openCardShowing(page: Page, name: string, caption: string) {
  await waitForMapReady(page);
  await chooseFromList(page, LIST, name);
  const popup = (await page.waitForSelector(popupOf(name), { visible: true, timeout: 30_000 }))!;
  await popup.waitForSelector(`::-p-text(${caption})`);
  return popup;
}

const refusedCount = () => app.server.eventRequests.filter((r) => r.refused).length;
/** Chrome logs every refused stream; that is the outage itself, not a fault of the page. */
const pageFaults = (opened: OpenedPage) => opened.errors.filter((e) => !/Failed to load resource|EventSource/.test(e));

describe('live statuses through an outage of the event stream (issue 26 §2)', () => {
  it('shows a change made while the stream was refused from the start, once it is back', async () => {
    const machine = machineById(await fetchMachines(app.server.url), 'RVM-001');
    expect(machine.status).toBe('>40%');
    app.server.startOutage();
    const opened = await app.openPage('/');
    const { page } = opened;
    const popup = await openCardShowing(page, machine.name_en, en.capacity['>40%']);
    // The page keeps trying.
    await waitFor(
      async () => refusedCount(),
      (n) => n >= 2,
      'the page to try the stream again',
      30_000,
    );

    expect((await operatorSetsStatus(machine.id, 'Full')).status).toBe(200);
    app.server.endOutage();
    await popup.waitForSelector(`::-p-text(${en.capacity.Full})`, { timeout: 60_000 });
    expect(pageFaults(opened)).toEqual([]);
    await page.close();
  });

  it('replays a change made while an open stream was cut and refused, without loading the list again', async () => {
    const machine = machineById(await fetchMachines(app.server.url), 'RVM-027');
    expect(machine.status).toBe('>40%');
    const opened = await app.openPage('/', { beforeLoad: countReadyEvents });
    const { page, apiCalls } = opened;
    const popup = await openCardShowing(page, machine.name_en, en.capacity['>40%']);
    await page.waitForFunction(() => (window as unknown as { __live: { ready: number } }).__live.ready >= 1);

    const refusedBefore = refusedCount();
    app.server.startOutage();
    await waitFor(
      async () => refusedCount(),
      (n) => n > refusedBefore,
      'the page to try the stream again',
      30_000,
    );
    expect((await operatorSetsStatus(machine.id, 'Full')).status).toBe(200);
    app.server.endOutage();
    await popup.waitForSelector(`::-p-text(${en.capacity.Full})`, { timeout: 60_000 });

    expect(await readyEvents(page)).toBe(2);
    expect(app.server.eventRequests.at(-1)!.url).toMatch(/[?&]lastEventId=[0-9a-f]+\.\d+/);
    expect(apiCalls.filter((c) => c.path === '/api/rvm/')).toHaveLength(1);
    expect(pageFaults(opened)).toEqual([]);
    await page.close();
  });
});
