// Each test loads a page of its own: a shared link is the first thing a page reads, so none can reuse another's.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { setupBrowserApp } from './fixture';
import { waitForMapReady } from '../../testkit/browser/harness';
import { popupOf, startClockAt } from './beyond-helpers';
import {
  chooseFromList,
  chooseOption,
  find,
  listItemTexts,
  selectedLabel,
  waitFor,
  waitUntilStill,
} from './screen-helpers';

const app = setupBrowserApp();

const LIST = 'Location List';
/** A fixed clock, so 'open now' cannot change between the visit and the reload. */
const fixedClock = { beforeLoad: (page: Page) => startClockAt(page, new Date('2026-11-25T12:00:00+08:00')) };
const REPULSE_BAY = 'Repulse Bay Beach';
/** RVM-001 and RVM-002 of the demo data. */
const SHEUNG_WAN = 'Sheung Wan Municipal Services Building';
const HONG_KONG_PARK = 'Hong Kong Park';

/** The address's query for a while, sampled: what a visitor copying it at any moment then would get. */
async function addressesFor(page: Page, ms: number): Promise<string[]> {
  return page.evaluate(async (duration) => {
    const seen: string[] = [];
    for (const end = performance.now() + duration; performance.now() < end;) {
      if (seen.at(-1) !== location.search) seen.push(location.search);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  }, ms);
}

/** Several times the address's own 300 ms debounce: long enough to see it dropped, were it dropped. */
const SETTLE_MS = 1500;

describe('a shared link', () => {
  it('keeps filters, search, open now and the open machine in the address bar, without new history entries', async () => {
    const { page } = await app.openPage('/?locale=en&fontSize=md&utm_source=test', fixedClock);
    await waitForMapReady(page);
    await chooseOption(page, en.filter.status, en.statusGroup.available);
    await chooseOption(page, en.filter.area, en.area.HONG_KONG);
    await chooseOption(page, en.filter.district, en.district.SOUTHERN);
    await (await find(page, 'switch', en.openNow.filter)).click();

    const historyBefore = await page.evaluate(() => history.length);
    const search = await find(page, 'searchbox', en.filter.searchLabel);
    await search.type('bay', { delay: 80 });
    await waitFor(
      () => page.evaluate(() => location.search),
      (s) => s.includes('q=bay'),
      'the search in the URL',
    );
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    const list = await find(page, 'list', LIST);
    await (await list.waitForSelector(`::-p-text(${REPULSE_BAY})`, { visible: true }))!.click();
    await page.waitForSelector(popupOf(REPULSE_BAY), { visible: true, timeout: 30_000 });
    const url = await waitFor(
      () => page.evaluate(() => location.href),
      (u) => u.includes('machine='),
      'the machine in the URL',
    );
    const params = new URL(url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      locale: 'en',
      fontSize: 'md',
      utm_source: 'test',
      status: 'available',
      area: 'HONG_KONG',
      district: 'SOUTHERN',
      q: 'bay',
      openNow: '1',
      machine: 'RVM-027',
    });
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    const rows = await listItemTexts(page, LIST);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForMapReady(page);
    expect(await selectedLabel(page, en.filter.status)).toBe(en.statusGroup.available);
    expect(await selectedLabel(page, en.filter.area)).toBe(en.area.HONG_KONG);
    expect(await selectedLabel(page, en.filter.district)).toBe(en.district.SOUTHERN);
    expect(
      await (await find(page, 'searchbox', en.filter.searchLabel)).evaluate((el) => (el as HTMLInputElement).value),
    ).toBe('bay');
    expect(
      await (await find(page, 'switch', en.openNow.filter)).evaluate((el) => (el as HTMLInputElement).checked),
    ).toBe(true);
    await waitFor(
      () => listItemTexts(page, LIST),
      (r) => JSON.stringify(r) === JSON.stringify(rows),
      'the same list',
    );
    await page.waitForSelector(popupOf(REPULSE_BAY), { visible: true, timeout: 30_000 });
    expect(new URL(await page.evaluate(() => location.href)).searchParams.get('fontSize')).toBe('md');

    // Closing the card takes the machine out of the link.
    await (await find(page, 'button', en.card.close)).click();
    await waitFor(
      () => page.evaluate(() => location.search),
      (s) => !s.includes('machine='),
      'the machine out of the URL',
    );
    await page.close();
  });

  it('keeps machine= in the address while its card is open: from a link, a map click and a list click', async () => {
    const { page, errors } = await app.openPage('/?machine=RVM-001');
    await waitForMapReady(page);
    const linked = await page.waitForSelector(popupOf(SHEUNG_WAN), { visible: true, timeout: 30_000 });
    await waitUntilStill(linked!);
    expect(await addressesFor(page, SETTLE_MS)).toEqual(['?machine=RVM-001']);

    // Closed, then opened again by a click on its marker (the map is centred on it): the address follows.
    await (await find(page, 'button', en.card.close)).click();
    await waitFor(
      () => page.evaluate(() => location.search),
      (search) => search === '',
      'the machine out of the address',
    );
    await page.mouse.click(1280 / 2, 800 / 2 - 12);
    await page.waitForSelector(popupOf(SHEUNG_WAN), { visible: true });
    await waitFor(
      () => page.evaluate(() => location.search),
      (search) => search === '?machine=RVM-001',
      'the clicked machine in the address',
    );
    expect(await addressesFor(page, SETTLE_MS)).toEqual(['?machine=RVM-001']);

    await chooseFromList(page, LIST, HONG_KONG_PARK);
    await page.waitForSelector(popupOf(HONG_KONG_PARK), { visible: true, timeout: 30_000 });
    await waitFor(
      () => page.evaluate(() => location.search),
      (search) => search === '?machine=RVM-002',
      'the chosen machine in the address',
    );
    expect(await addressesFor(page, SETTLE_MS)).toEqual(['?machine=RVM-002']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ignores unknown values and an unknown machine, keeping the rest', async () => {
    const { page, errors } = await app.openPage(
      '/?status=bogus&area=KOWLOON&district=SOUTHERN&machine=NOPE&sort=price',
    );
    await waitForMapReady(page);
    expect(await selectedLabel(page, en.filter.status)).toBe(en.filter.allStatus);
    expect(await selectedLabel(page, en.filter.area)).toBe(en.area.KOWLOON);
    expect(await selectedLabel(page, en.filter.district)).toBe(en.filter.allDistrict);
    await waitFor(
      () => page.evaluate(() => location.search),
      (s) => s === '?area=KOWLOON',
      'the URL cleaned of unknown values',
    );
    expect(await page.$('.maplibregl-popup')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
