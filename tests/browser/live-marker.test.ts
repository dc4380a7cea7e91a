import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { popupOf } from './beyond-helpers';
import { ADMIN_TOKEN, DESKTOP, launchBrowser, openPage, startServer, waitForMapReady, type RunningServer } from './harness';
import { countColours, hexToRgb } from './pixels';
import { fetchMachines, find, machineById, waitFor } from './screen-helpers';

const GREEN = hexToRgb('#3fa535');
const RED = hexToRgb('#d0021b');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The marker of the machine the map is centred on stands just above the centre. */
const CENTRE = { x: DESKTOP.width / 2, y: DESKTOP.height / 2 };
const markerColours = (page: Page) =>
  countColours(page, { green: GREEN, red: RED }, { x: CENTRE.x - 6, y: CENTRE.y - 18, width: 12, height: 10 }, 20);

describe('a live status change on the map', () => {
  it('recolours that machine’s marker, and a click on the marker opens the machine as it now is', async () => {
    const machine = machineById(await fetchMachines(server.url), 'RVM-001');
    expect(machine.status).toBe('>40%');
    const { page, apiCalls, errors } = await openPage(browser, server.url);
    await waitForMapReady(page);
    const list = await find(page, 'list', 'Location List');
    await (await list.waitForSelector(`::-p-text(${machine.name_en})`, { visible: true }))!.click();
    const popup = popupOf(machine.name_en);
    await page.waitForSelector(popup, { visible: true, timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.waitForSelector(popup, { hidden: true });
    await waitFor(() => markerColours(page), (c) => (c.green ?? 0) > 20, 'the green marker at the centre', 30_000);
    await waitFor(async () => apiCalls.some((c) => c.path === '/api/events'), Boolean, 'the event stream to open');

    const response = await fetch(`${server.url}/api/operator/machines/${machine.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ status: 'Full' }),
    });
    expect(response.status).toBe(200);
    const after = await waitFor(() => markerColours(page), (c) => (c.red ?? 0) > 20, 'the marker to turn red', 10_000);
    expect(after.green).toBe(0);

    await page.mouse.click(CENTRE.x, CENTRE.y - 12);
    await (await page.waitForSelector(popup, { visible: true }))!.waitForSelector(`::-p-text(${en.capacity.Full})`);
    expect(apiCalls.filter((c) => c.path === '/api/rvm/')).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
