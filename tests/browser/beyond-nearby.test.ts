// One shared map page placed at Repulse Bay Beach on a Wednesday afternoon (setupSharedPage) serves Near me and
// Open now; the tests at the end each load a page of their own, as they start from another place or time.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { distanceMetres } from '../../src/nearby/distance';
import { setupDemoApp } from './fixture';
import { bodyText, waitForMapReady } from '../../testkit/browser/harness';
import { startClockAt, popupOf } from './beyond-helpers';
import { chooseFromList, find, listItemTexts, machineById, waitFor } from './screen-helpers';
import { setupSharedPage } from './sharedPage';

/** A Wednesday at 15:00 in Hong Kong: every demo machine's structured hours have it open. */
const WEDNESDAY_AFTERNOON = new Date('2026-11-25T15:00:00+08:00');
/** 03:00 in Hong Kong: only the 24/7 demo machines are open. */
const NIGHT = new Date('2026-11-25T03:00:00+08:00');
const LIST = 'Location List';

const { app, machines } = setupDemoApp();

/** The visitor's answer to the browser's location prompt: where they are, or a refusal. */
async function answerLocation(page: Page, answer: [number, number] | 'denied') {
  const origin = new URL(app.server.url).origin;
  await page.browserContext().setPermission(origin, {
    permission: { name: 'geolocation' },
    state: answer === 'denied' ? 'denied' : 'granted',
  });
  if (answer !== 'denied') await page.setGeolocation({ latitude: answer[0], longitude: answer[1] });
}

async function pageAt(position: [number, number] | 'denied', clock: Date) {
  const opened = await app.openPage('/', {
    beforeLoad: async (page) => {
      await startClockAt(page, clock);
      await answerLocation(page, position);
    },
  });
  await waitForMapReady(opened.page);
  return opened;
}

/** Counts the page's calls for the position, from its first script on. */
async function countPositionCalls(page: Page) {
  await page.evaluateOnNewDocument(() => {
    (window as unknown as { geoCalls: number }).geoCalls = 0;
    const real = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args) => {
      (window as unknown as { geoCalls: number }).geoCalls += 1;
      real(...args);
    };
  });
}

const takesBottles = (m: Machine) =>
  !m.under_maintenance && m.service_status !== 1 && m.status !== 'Full' && m.status !== '<=5%';

describe('on a Wednesday afternoon, standing at Repulse Bay Beach, on one page', () => {
  /** Repulse Bay Beach: 24/7, >40%, in service. */
  const here = () => machineById(machines, 'RVM-027');
  const shared = setupSharedPage(app, '/', {
    beforeLoad: async (page) => {
      await countPositionCalls(page);
      await startClockAt(page, WEDNESDAY_AFTERNOON);
      await answerLocation(page, here().coordinates);
    },
    ready: waitForMapReady,
  });

  describe('Near me', () => {
    it('never asks for the position on load', async () => {
      const { page } = shared;
      await find(page, 'button', 'Near me');
      // Not even with the permission already granted.
      expect(await page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls)).toBe(0);
    });

    it('explains a refused location in the message bar and moves nothing', async () => {
      const { page } = shared;
      await answerLocation(page, 'denied');
      const before = await listItemTexts(page, LIST);
      const refused = '::-p-text(Location access was refused)';
      await (await find(page, 'button', 'Nearest open machine')).click();
      const first = await page.waitForSelector(refused, { visible: true, timeout: 15_000 });
      expect(await page.$('.maplibregl-popup')).toBeNull();
      await (await find(page, 'button', 'Near me')).click();
      // The same words, a new message: the bar shows each message anew, so the first one's text leaves the page (or
      // has left it after its 3 s), and the second refusal's is what shows.
      await page.waitForFunction((text) => !text.isConnected, {}, first!);
      await page.waitForSelector(refused, { visible: true });
      expect(await listItemTexts(page, LIST)).toEqual(before);
      // Each press asked, and was counted as the load was.
      expect(await page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls)).toBe(2);
    });

    it('sorts the list by distance with the distance shown, and back', async () => {
      const { page } = shared;
      // Asked again, the visitor now lets the page know where they are.
      await answerLocation(page, here().coordinates);
      const before = await listItemTexts(page, LIST);
      const nearMe = await find(page, 'button', 'Near me');
      await nearMe.click();
      const sorted = await waitFor(
        () => listItemTexts(page, LIST),
        (rows) => rows[0]?.includes('0 m') === true,
        'the list sorted by distance',
      );
      const byDistance = [...machines].sort(
        (a, b) => distanceMetres(here().coordinates, a.coordinates) - distanceMetres(here().coordinates, b.coordinates),
      );
      for (let i = 0; i < 3; i++) expect(sorted[i]).toContain(byDistance[i]!.name_en);
      expect(sorted[1]).toMatch(/\d+ m|\d+\.\d km/);
      expect(await nearMe.evaluate((el) => el.getAttribute('aria-pressed'))).toBe('true');
      await nearMe.click();
      await waitFor(
        () => listItemTexts(page, LIST),
        (rows) => rows[0] === before[0],
        'the list back in its own order',
      );
    });

    it('flies to the machine the visitor stands at when it takes bottles, and opens its card', async () => {
      const { page, errors } = shared;
      expect(takesBottles(here())).toBe(true);
      await (await find(page, 'button', 'Nearest open machine')).click();
      const popup = await page.waitForSelector(popupOf(here().name_en), { visible: true, timeout: 30_000 });
      expect(await popup!.evaluate((el) => (el as HTMLElement).innerText)).toContain('Open now · 24 hours');
      // The list is now nearest first, with the distance shown.
      const rows = await listItemTexts(page, LIST);
      expect(rows[0]).toContain(here().name_en);
      expect(rows[0]).toContain('0 m');
      expect(errors).toEqual([]);

      // Closed, and the list back in its own order, for the test after this one.
      await page.keyboard.press('Escape');
      await page.waitForSelector(popupOf(here().name_en), { hidden: true });
      const nearMe = await find(page, 'button', 'Near me');
      await nearMe.click();
      await waitFor(
        () => nearMe.evaluate((el) => el.getAttribute('aria-pressed')),
        (pressed) => pressed === 'false',
        'Near me to be off',
      );
    });
  });

  describe('Open now', () => {
    it('shows open and closing time on a card in the afternoon', async () => {
      const { page } = shared;
      const ifc = machineById(machines, 'RVM-003');
      await chooseFromList(page, LIST, ifc.name_en);
      const popup = await page.waitForSelector(popupOf(ifc.name_en), { visible: true, timeout: 30_000 });
      await popup!.waitForSelector('::-p-text(Open now · closes 22:00)');
    });
  });
});

describe('Near me', () => {
  it('skips a full machine next to the visitor for the nearest one that takes bottles', async () => {
    const full = machineById(machines, 'RVM-092'); // Butterfly Beach: Full
    expect(full.status).toBe('Full');
    const expected = machines
      .filter(takesBottles)
      .sort(
        (a, b) => distanceMetres(full.coordinates, a.coordinates) - distanceMetres(full.coordinates, b.coordinates),
      )[0]!;
    const { page } = await pageAt(full.coordinates, WEDNESDAY_AFTERNOON);
    await (await find(page, 'button', 'Nearest open machine')).click();
    await page.waitForSelector(popupOf(expected.name_en), { visible: true, timeout: 30_000 });
    expect(await page.$(popupOf(full.name_en))).toBeNull();
    await page.close();
  });
});

describe('Open now', () => {
  it('narrows the list to the machines open at 03:00 and says when the others open', async () => {
    const { page } = await pageAt('denied', NIGHT);
    const allDay = machines.filter((m) => m.opening_hours === '24/7');
    expect(await bodyText(page)).toContain(`${machines.length} machines`);
    await (await find(page, 'switch', 'Open now')).click();
    await page.waitForSelector(`::-p-text(${allDay.length} machines)`, { timeout: 15_000 });
    const rows = await listItemTexts(page, LIST);
    expect(rows).toHaveLength(allDay.length);
    for (const m of allDay) expect(rows.some((r) => r.includes(m.name_en))).toBe(true);

    // A machine open 10:00-22:00 says it is closed until 10:00.
    await (await find(page, 'switch', 'Open now')).click();
    await page.waitForSelector(`::-p-text(${machines.length} machines)`);
    const ifc = machineById(machines, 'RVM-003');
    expect(ifc.opening_hours).toBe('Mo-Su 10:00-22:00');
    const list = await find(page, 'list', LIST);
    await (await list.waitForSelector(`::-p-text(${ifc.name_en})`, { visible: true }))!.click();
    const popup = await page.waitForSelector(popupOf(ifc.name_en), { visible: true, timeout: 30_000 });
    await popup!.waitForSelector('::-p-text(Closed · opens 10:00)');
    await page.close();
  });
});
