// Issue 4 §8-§10: the three languages (every visible string from the locale files, machine texts from
// name_{locale} with an English fallback), the text sizes, and the shipped fonts.
// Pages: one shared per language (its tests look at the map's region and a machine's popup, so the map stays), one
// for the English fallback (a popup: with the map), one for unknown settings (without the map, never looked at).
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { holdApi, waitForMapReady } from '../../testkit/browser/harness';
import {
  IMAGE,
  LOCALES,
  MESSAGES,
  chooseFromList,
  fill,
  find,
  htmlToText,
  machineById,
  optionLabels,
  textOf,
  waitForListLength,
  waitUntilStill,
  type Locale,
  type Messages,
} from './screen-helpers';
import { messageShownAndGone, recordMessageBar } from './messageTimeline';
import { setupSharedPage } from './sharedPage';

const HTML_LANG: Record<Locale, string> = { en: 'en', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };
/** Each language once with a different text size, so all three sizes are seen in some language. */
const SIZE_OF: Record<Locale, 'sm' | 'md' | 'lg'> = { en: 'sm', zht: 'md', zhs: 'lg' };
const ROOT_PX = { sm: 16, md: 18, lg: 20 } as const;
/** What Chromium logs for the list call the first test answers with 500. */
const FAILED_LOAD_LOG = 'the server responded with a status of 500';
const MESSAGE_BAR_MS = 3000;
const CJK_FONT: Record<Locale, string | null> = {
  en: null,
  zht: 'Noto Sans TC Variable',
  zhs: 'Noto Sans SC Variable',
};
const NEARLY_FULL_WITH_PHOTO = (m: Machine) =>
  Boolean(m.picture) && !m.under_maintenance && m.service_status !== 1 && m.status === '<=20%';

const { app, machines } = setupDemoApp();

const nameIn = (m: Machine, locale: Locale) => m[`name_${locale}`];

describe.each(LOCALES)('in %s', (locale) => {
  const t = MESSAGES[locale];
  const size = SIZE_OF[locale];
  // One page per language, at its text size. Its first list call is held: the first test sees the loading overlay
  // and the failed load, then loads the list with Retry, as a visitor would, for the tests after it.
  const hold = holdApi('/api/rvm/');
  // The message bar clears itself after 3 s: the page records what it showed (a busy machine can miss 3 s polled).
  const shared = setupSharedPage(app, `/?locale=${locale}&fontSize=${size}`, {
    holdApi: hold,
    beforeLoad: (page) => recordMessageBar(page, MESSAGE_BAR_MS),
  });

  it('the loading overlay, messages and the failed-load notice are in that language, and Retry loads the list', async () => {
    const { page } = shared;
    await hold.arrived();
    await find(page, 'progressbar', t.app.loading);
    hold.answer(500, { success: false });
    await page.waitForSelector(`::-p-text(${t.error.loadFailed})`, { visible: true });
    await (await find(page, 'button', t.error.retry)).click();
    await waitForListLength(page, t.list.title, machines.length);
    await page.waitForSelector(`::-p-text(${t.error.loadFailed})`, { hidden: true });
    // The message in that language, cleared after 3 s (docs/spec.md#the-map-screen).
    await messageShownAndGone(page, t.error.systemError);
  });

  it(`fontSize=${size} sets the root to ${ROOT_PX[size]} px and everything scales with it`, async () => {
    await expectTextSize(shared.page, t, ROOT_PX[size]);
  });

  it('uses the shipped fonts: Inter, and for Chinese a CJK face that the page really loads', async () => {
    const { page } = shared;
    await waitForListLength(page, t.list.title, machines.length);
    const list = await find(page, 'list', t.list.title);
    const family = await list.evaluate((el) => getComputedStyle(el.querySelector('li span')!).fontFamily);
    expect(family.startsWith("'Inter Variable'") || family.startsWith('"Inter Variable"')).toBe(true);
    const cjk = CJK_FONT[locale];
    const expectedFaces = ['Inter Variable', ...(cjk ? [cjk] : [])];
    if (cjk) expect(family).toContain(cjk);
    const loaded = await page.waitForFunction(
      async (faces) => {
        await document.fonts.ready;
        const families = [...document.fonts]
          .filter((f) => f.status === 'loaded')
          .map((f) => f.family.replace(/["']/g, ''));
        return faces.every((face) => families.includes(face)) ? families : false;
      },
      { timeout: 30_000 },
      expectedFaces,
    );
    expect(await loaded.jsonValue()).toEqual(expect.arrayContaining(expectedFaces));
    // Every font file came from our own server, none from an outside font service.
    const fontFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\.(woff2?|ttf|otf)(\?|$)/.test(name)),
    );
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(new URL(file).origin).toBe(app.server.url);
  });

  it('every label, option, legend text and machine text is in that language', async () => {
    const { page, errors } = shared;
    const texts = await waitForListLength(page, t.list.title, machines.length);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[locale]);
    expect(await page.title()).toBe(t.app.title);

    expect(await optionLabels(page, t.filter.status)).toEqual([t.filter.allStatus, ...Object.values(t.statusGroup)]);
    expect(await optionLabels(page, t.filter.area)).toEqual([t.filter.allArea, ...Object.values(t.area)]);
    expect(await optionLabels(page, t.filter.district)).toEqual([t.filter.allDistrict, ...Object.values(t.district)]);
    const search = await find(page, 'searchbox', t.filter.searchLabel);
    expect(await search.evaluate((el) => (el as HTMLInputElement).placeholder)).toBe(t.filter.searchPlaceholder);
    for (const button of [t.filter.reset, t.filter.search, t.filter.hidePanel]) await find(page, 'button', button);
    expect(await textOf(await find(page, 'heading', t.list.title))).toBe(t.list.title);
    await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`, { visible: true });
    const columns = await page.$$eval('[aria-hidden="true"] > span', (spans) => spans.map((s) => s.textContent));
    expect(columns).toEqual(expect.arrayContaining([t.list.name, t.list.address]));
    expect(texts.map((s) => s.split('\n')[0])).toEqual(machines.map((m) => nameIn(m, locale)));

    const legend = await find(page, 'region', t.legend.title);
    const captions = await legend.$$eval('li', (lis) => lis.map((li) => (li as HTMLElement).innerText));
    expect(captions).toEqual([t.legend.available, t.legend.nearlyFull, t.legend.full, t.legend.maintenance]);
    expect(await textOf(legend)).toContain(t.legend.reminder);
    await find(page, 'region', t.map.region);
    await page.waitForSelector(`::-p-text(${t.map.attribution})`, { visible: true });

    // The card and the photo dialog.
    await waitForMapReady(page);
    const machine = machines.find(NEARLY_FULL_WITH_PHOTO)!;
    await chooseFromList(page, t.list.title, nameIn(machine, locale));
    const popup = await find(page, 'dialog', nameIn(machine, locale));
    await waitUntilStill(popup);
    const card = await textOf(popup);
    expect(card).toContain(machine[`address_${locale}`]);
    expect(card).toContain(`${t.card.serviceHours}${t.punctuation.colon}${machine[`service_hour_${locale}`]}`);
    expect(card).toContain(await htmlToText(page, t.capacity['<=20%']));
    await find(
      page,
      'link',
      `${t.card.address}${t.punctuation.colon}${machine[`address_${locale}`]}${t.punctuation.stop}${fill(t.card.directions, { name: nameIn(machine, locale) })}`,
    );
    await find(page, 'button', t.card.close);
    await (await find(page, 'button', fill(t.card.openPhoto, { name: nameIn(machine, locale) }))).click();
    await find(page, IMAGE, fill(t.card.photoDialog, { name: nameIn(machine, locale) }));
    const modal = await page.waitForSelector('[role="dialog"][aria-modal="true"]');
    expect(await modal!.$(`::-p-aria([role="button"][name="${t.card.close}"])`)).not.toBeNull();
    expect(errors.filter((error) => !error.includes(FAILED_LOAD_LOG))).toEqual([]);
  });
});

describe('machine texts fall back to English', () => {
  it('shows the English name, address and service hours where a machine lacks the Chinese ones', async () => {
    const t = MESSAGES.zht;
    const plain = machineById(machines, machines.find(NEARLY_FULL_WITH_PHOTO)!.id);
    const lacking = { ...plain, name_zht: '', address_zht: '', service_hour_zht: '' };
    const hold = holdApi('/api/rvm/');
    const { page } = await app.openPage('/?locale=zht', { holdApi: hold });
    await hold.arrived();
    hold.answer(200, { success: true, rvms: machines.map((m) => (m.id === plain.id ? lacking : m)) });
    const texts = await waitForListLength(page, t.list.title, machines.length);
    const names = texts.map((s) => s.split('\n')[0]);
    expect(names).toContain(plain.name_en);
    expect(names.filter((n) => n === plain.name_zht)).toEqual([]);
    await waitForMapReady(page);
    await chooseFromList(page, t.list.title, plain.name_en);
    const popup = await find(page, 'dialog', plain.name_en);
    const card = await textOf(popup);
    expect(card).toContain(plain.address_en);
    expect(card).toContain(`${t.card.serviceHours}${t.punctuation.colon}${plain.service_hour_en}`);
    await page.close();
  });
});

describe('unknown settings', () => {
  it('an unknown locale and text size (fr, huge) fall back to English and sm: the root is 16 px and everything scales with it', async () => {
    const t = MESSAGES.en;
    const { page } = await app.openPage('/?locale=fr&fontSize=huge', { map: false });
    await waitForListLength(page, t.list.title, machines.length);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await find(page, 'combobox', 'Status');
    await find(page, 'button', 'Reset');
    await expectTextSize(page, t, 16);
    await page.close();
  });
});

/** The root font size is `px`, and the button, the status select and the legend's markers scale with it. */
async function expectTextSize(page: Page, t: Messages, px: number): Promise<void> {
  await waitForListLength(page, t.list.title, machines.length);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${px}px`);
  const scale = px / 16;
  const button = await find(page, 'button', t.filter.search);
  const box = (await button.boundingBox())!;
  // Mantine's default button is 2.25rem tall.
  expect(box.height).toBeCloseTo(36 * scale, 0);
  const status = await find(page, 'combobox', t.filter.status);
  expect(await status.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeCloseTo(14 * scale, 0);
  const legend = await find(page, 'region', t.legend.title);
  const marker = await legend.$eval('img', (img) => img.getBoundingClientRect().height);
  expect(marker).toBeCloseTo(24 * scale, 0);
}
