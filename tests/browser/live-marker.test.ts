// One map page for both tests (setupSharedPage): the first leaves its machine full and its popup closed; the
// second looks at another machine's marker and puts it back as it was.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { popupOf } from './beyond-helpers';
import { setupBrowserApp } from './fixture';
import { ADMIN_TOKEN, ROOT, waitForMapReady, type RunningServer } from '../../testkit/browser/harness';
import { project, settledView, type ScreenPoint } from './mapPixels';
import { countColours, countColoursInShot, hexToRgb, settledShot, steadyShotShowing, type ScreenPixel } from './pixels';
import { setupSharedPage } from './sharedPage';
import { chooseFromList, fetchMachines, find, machineById, waitFor } from './screen-helpers';

/** Where a failing run leaves its two screenshots. */
const ARTIFACTS = join(ROOT, 'tests/.artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

const GREEN = hexToRgb('#3fa535');
const RED = hexToRgb('#d0021b');

const app = setupBrowserApp();
let server: RunningServer;
beforeAll(() => {
  // The tests below read the app's server under this name.
  ({ server } = app);
});

function operatorSetsStatus(id: string, status: string) {
  return fetch(`${server.url}/api/operator/machines/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ status }),
  });
}

/** A marker stands on its bottom tip: its round head is 8 to 18 px above the machine's point. */
const markerColours = (page: Page, at: ScreenPoint) =>
  countColours(page, { green: GREEN, red: RED }, { x: at.x - 6, y: at.y - 18, width: 12, height: 10 }, 20);

describe('a live status change on the map', () => {
  const shared = setupSharedPage(app, '/', { ready: waitForMapReady });

  it('recolours that machine’s marker, and a click on the marker opens the machine as it now is', async () => {
    const machine = machineById(await fetchMachines(server.url), 'RVM-001');
    expect(machine.status).toBe('>40%');
    const { page, opened, errors } = shared;
    const { apiCalls } = opened;
    const list = await find(page, 'list', 'Location List');
    await (await list.waitForSelector(`::-p-text(${machine.name_en})`, { visible: true }))!.click();
    const popup = popupOf(machine.name_en);
    await page.waitForSelector(popup, { visible: true, timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.waitForSelector(popup, { hidden: true });
    // Where the machine is on screen once the map has stopped moving (the panel's padding moves it off centre).
    const at = project(await settledView(page), machine.coordinates);
    await waitFor(
      () => markerColours(page, at),
      (c) => (c.green ?? 0) > 20,
      'the green marker at the centre',
      30_000,
    );
    await waitFor(async () => apiCalls.some((c) => c.path === '/api/events'), Boolean, 'the event stream to open');

    const response = await operatorSetsStatus(machine.id, 'Full');
    expect(response.status).toBe(200);
    const after = await waitFor(
      () => markerColours(page, at),
      (c) => (c.red ?? 0) > 20,
      'the marker to turn red',
      10_000,
    );
    expect(after.green).toBe(0);

    await page.mouse.click(at.x, at.y - 12);
    await (await page.waitForSelector(popup, { visible: true }))!.waitForSelector(`::-p-text(${en.capacity.Full})`);
    expect(apiCalls.filter((c) => c.path === '/api/rvm/')).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector(popup, { hidden: true });
  });

  it('changes only that marker’s pixels, and changing it back gives the map it had, pixel for pixel', async () => {
    const machine = machineById(await fetchMachines(server.url), 'RVM-027'); // Repulse Bay Beach, >40%
    const { page, opened, errors } = shared;
    const { apiCalls } = opened;
    await waitForMapReady(page);
    await waitFor(async () => apiCalls.some((c) => c.path === '/api/events'), Boolean, 'the event stream to open');
    await chooseFromList(page, 'Location List', machine.name_en);
    const popup = popupOf(machine.name_en);
    await page.waitForSelector(popup, { visible: true, timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.waitForSelector(popup, { hidden: true });
    const view = await settledView(page);
    const at = project(view, machine.coordinates);
    // The map left of the panel, which covers its right part on the desktop.
    const mapBox = {
      x: view.rect.x,
      y: view.rect.y,
      width: Math.round(at.x + 60 - view.rect.x),
      height: view.rect.height,
    };
    // The map as a visitor sees it: the green marker drawn in the shot itself, not a passing frame.
    const headInBox = { x: at.x - 6 - mapBox.x, y: at.y - 18 - mapBox.y, width: 12, height: 10 };
    const before = await steadyShotShowing(
      page,
      mapBox,
      async (shot) => ((await countColoursInShot(page, shot, { green: GREEN }, 20, headInBox)).green ?? 0) > 20,
    );

    expect((await operatorSetsStatus(machine.id, 'Full')).status).toBe(200);
    await waitFor(
      () => markerColours(page, at),
      (c) => (c.red ?? 0) > 20,
      'the marker to turn red',
      10_000,
    );
    // Only inside that marker: 24 px wide, standing on its point.
    const outsideMarker = ({ x, y }: ScreenPixel) =>
      Math.abs(mapBox.x + x - at.x) > 14 || at.y - (mapBox.y + y) < -2 || at.y - (mapBox.y + y) > 26;
    const full = await settledShot(page, mapBox, before, outsideMarker);
    expect(full.changed.length).toBeGreaterThan(20);
    if (full.stray.length > 0) {
      writeFileSync(join(ARTIFACTS, 'live-marker-before.png'), Buffer.from(before, 'base64'));
      writeFileSync(join(ARTIFACTS, 'live-marker-full.png'), Buffer.from(full.shot, 'base64'));
    }
    expect(
      full.stray.slice(0, 20),
      `${full.stray.length} changed pixels outside the marker at ${at.x}, ${at.y}`,
    ).toEqual([]);

    expect((await operatorSetsStatus(machine.id, machine.status!)).status).toBe(200);
    await waitFor(
      () => markerColours(page, at),
      (c) => (c.red ?? 0) === 0,
      'the marker to turn back',
      10_000,
    );
    const after = await settledShot(page, mapBox, before, () => true);
    expect(after.stray).toEqual([]);
    expect(errors).toEqual([]);
  });
});
