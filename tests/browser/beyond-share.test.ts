import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { setupBrowserApp } from './fixture';
import { waitForMapReady } from '../../testkit/browser/harness';
import { popupOf, startClockAt } from './beyond-helpers';
import { chooseOption, find, listItemTexts, selectedLabel, waitFor } from './screen-helpers';

const app = setupBrowserApp();

const LIST = 'Location List';
/** A fixed clock, so 'open now' cannot change between the visit and the reload. */
const fixedClock = { beforeLoad: (page: Page) => startClockAt(page, new Date('2026-11-25T12:00:00+08:00')) };
const REPULSE_BAY = 'Repulse Bay Beach';

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
