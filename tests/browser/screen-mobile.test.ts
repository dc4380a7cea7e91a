// Issue 4 §11 on a 390x844 phone: the filter panel with Reset and Search, the 'Location list' button at
// the bottom left, the list card with a search box and Close, and choosing a machine.
// A page shared per language; only the English one draws the map, where a machine's popup is opened on it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { setupDemoApp } from './fixture';
import { MOBILE, waitForMapReady } from '../../testkit/browser/harness';
import { settledView } from './mapPixels';
import {
  LOCALES,
  MESSAGES,
  aria,
  chooseFromList,
  chooseOption,
  find,
  gone,
  selectedLabel,
  textOf,
  waitForImages,
  waitForListLength,
  waitUntilStill,
} from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const { app, machines } = setupDemoApp({ viewport: MOBILE });

const isVisible = async (page: Page, role: string, name: string) =>
  (await page.$(aria(role, name)))?.isVisible() ?? false;

/**
 * The page as a visitor can use it: the list call answered and its blocking overlay gone. The buttons show before the
 * answer, and a tap on one meanwhile lands on the overlay.
 */
async function usable(page: Page, t: (typeof MESSAGES)['en']): Promise<void> {
  await find(page, 'button', t.list.open);
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === '/api/rvm/'),
    { timeout: 60_000 },
  );
  await gone(page, 'progressbar', t.app.loading, 60_000);
}

describe.each(LOCALES)('on a phone, in %s', (locale) => {
  const t = MESSAGES[locale];
  const shared = setupSharedPage(app, `/?locale=${locale}&fontSize=${locale === 'en' ? 'sm' : 'lg'}`, {
    map: locale === 'en',
    ready: (page) => usable(page, t),
  });

  it('the panel holds the filters with Reset and Search and no list; the list card has a search box and Close', async () => {
    const { page } = shared;
    // Closed at first: the map is free, with the two buttons.
    expect(await isVisible(page, 'combobox', t.filter.status)).toBe(false);
    const listButton = await find(page, 'button', t.list.open);
    const box = (await listButton.boundingBox())!;
    expect(box.x).toBeLessThan(MOBILE.width / 4);
    expect(box.y + box.height).toBeGreaterThan(MOBILE.height * 0.85);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);

    await (await find(page, 'button', t.filter.showPanel)).click();
    for (const name of [t.filter.status, t.filter.area, t.filter.district]) await find(page, 'combobox', name);
    await find(page, 'button', t.filter.reset);
    await find(page, 'button', t.filter.search);
    expect(await isVisible(page, 'list', t.list.title)).toBe(false);
    expect(await isVisible(page, 'searchbox', t.filter.searchLabel)).toBe(false);
    // The panel fits the phone's width.
    const panel = await (
      await find(page, 'combobox', t.filter.status)
    ).evaluate((el) => {
      const r = el.closest('[id]')!.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    expect(panel.left).toBeGreaterThanOrEqual(0);
    expect(panel.right).toBeLessThanOrEqual(MOBILE.width);

    // Search closes the panel.
    await chooseOption(page, t.filter.area, t.area.KOWLOON);
    await (await find(page, 'button', t.filter.search)).click();
    await gone(page, 'combobox', t.filter.status);

    await (await find(page, 'button', t.list.open)).click();
    const card = await find(page, 'dialog', t.list.title);
    await find(page, 'searchbox', t.filter.searchLabel);
    await waitForListLength(page, t.list.title, machines.filter((m) => m.area === 'KOWLOON').length);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(0);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(MOBILE.width);
    await (await find(page, 'button', t.list.close)).click();
    await gone(page, 'dialog', t.list.title);
    await find(page, 'button', t.list.open);

    // Put back: the area filter off again with Reset, and the panel closed with its toggle.
    await (await find(page, 'button', t.filter.showPanel)).click();
    await (await find(page, 'button', t.filter.reset)).click();
    expect(await selectedLabel(page, t.filter.area)).toBe(t.filter.allArea);
    await (await find(page, 'button', t.filter.hidePanel)).click();
    await gone(page, 'combobox', t.filter.status);
  });

  // Choosing a machine is checked once, in English, on the page the test above put back.
  if (locale !== 'en') return;
  it('choosing a machine closes the panels and opens its popup, which fits the screen', async () => {
    const { page } = shared;
    await waitForMapReady(page);
    await (await find(page, 'button', t.list.open)).click();
    await find(page, 'dialog', t.list.title);
    const search = await find(page, 'searchbox', t.filter.searchLabel);
    await search.type('Plaza');
    const expected = machines.filter((m) => `${m.name_en} ${m.address_en}`.toLowerCase().includes('plaza'));
    await waitForListLength(page, t.list.title, expected.length);
    const machine = expected.find((m) => m.picture) ?? expected[0]!;
    await chooseFromList(page, t.list.title, machine.name_en);
    await gone(page, 'dialog', t.list.title);
    expect(await isVisible(page, 'combobox', t.filter.status)).toBe(false);
    const popup = await find(page, 'dialog', machine.name_en);
    // The popup opens while the map still flies to the machine: measure it once the map has stopped.
    await settledView(page);
    await waitUntilStill(popup);
    const text = await textOf(popup);
    expect(text).toContain(machine.address_en);
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(await waitForImages(page)).toEqual([]);
  });
});
