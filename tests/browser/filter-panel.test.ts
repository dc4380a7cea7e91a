// Issue 4 §1, §2 on a desktop: the status, area and district filters, the search box, Search, Reset and the
// panel's toggle, on the real server with the demo data.
// Pages: one shared by the filter panel's tests (each puts the filters back with Reset), one for the Chinese
// search; both without the map, which these tests never look at.
import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import {
  MESSAGES,
  chooseOption,
  fill,
  find,
  gone,
  optionLabels,
  outOfService,
  selectedLabel,
  waitForListLength,
} from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const t = MESSAGES.en;
const LIST = t.list.title;

const { app, machines } = setupDemoApp({ map: false });

const count = (pred: (m: Machine) => boolean) => machines.filter(pred).length;

/** A word of the machines' English names that `found` of them hold, name or address (the search's haystack). */
function searchFinding(found: number): string {
  const words = new Set(machines.flatMap((m) => m.name_en.split(/\s+/)).filter((w) => /^[a-z]{4,}$/i.test(w)));
  const word = [...words]
    .sort()
    .find((w) => count((m) => `${m.name_en}\n${m.address_en}`.toLowerCase().includes(w.toLowerCase())) === found);
  if (!word) throw new Error(`no word of the demo names finds exactly ${found} machines`);
  return word;
}

/** Clicks the panel's Reset, as a visitor would, and waits until the list shows every machine again. */
async function resetFilters(page: Page): Promise<void> {
  await (await find(page, 'button', t.filter.reset)).click();
  await waitForListLength(page, LIST, machines.length);
}

describe('filter panel (issue 4 §1, §2)', () => {
  // One page for these tests: after each, passed or failed, Reset puts the filters back.
  const shared = setupSharedPage(app, '/', { ready: (page) => waitForListLength(page, LIST, machines.length) });
  afterEach(() => resetFilters(shared.page));

  it('offers the spec labels for status, area and district, and the districts follow the area', async () => {
    const { page } = shared;
    expect(await optionLabels(page, t.filter.status)).toEqual([
      'All Status',
      t.statusGroup.available,
      t.statusGroup.nearlyFull,
      t.statusGroup.full,
      t.statusGroup.maintenance,
    ]);
    expect(await optionLabels(page, t.filter.area)).toEqual(['All', 'Hong Kong', 'Kowloon', 'New Territories']);
    expect(await optionLabels(page, t.filter.district)).toEqual(['All District', ...Object.values(t.district)]);

    await chooseOption(page, t.filter.area, 'Kowloon');
    expect(await optionLabels(page, t.filter.district)).toEqual([
      'All District',
      'Yau Tsim Mong',
      'Sham Shui Po',
      'Kowloon City',
      'Wong Tai Sin',
      'Kwun Tong',
    ]);
    await waitForListLength(
      page,
      LIST,
      count((m) => m.area === 'KOWLOON'),
    );

    await chooseOption(page, t.filter.district, 'Kwun Tong');
    const kwunTong = machines.filter((m) => m.district === 'KWUN TONG');
    const texts = await waitForListLength(page, LIST, kwunTong.length);
    expect(texts.map((s) => s.split('\n')[0])).toEqual(kwunTong.map((m) => m.name_en));
    await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: kwunTong.length })})`);

    // Changing the area clears the district.
    await chooseOption(page, t.filter.area, 'Hong Kong');
    expect(await selectedLabel(page, t.filter.district)).toBe('All District');
    await waitForListLength(
      page,
      LIST,
      count((m) => m.area === 'HONG_KONG'),
    );
    expect(await optionLabels(page, t.filter.district)).toEqual([
      'All District',
      'Central & Western',
      'Wan Chai',
      'Eastern',
      'Southern',
    ]);
  });

  it.each([
    ['available', (m: Machine) => !outOfService(m) && (m.status === '<=40%' || m.status === '>40%')],
    ['nearlyFull', (m: Machine) => !outOfService(m) && (m.status === '<=20%' || m.status === '<=5%')],
    ['full', (m: Machine) => !outOfService(m) && m.status === 'Full'],
    ['maintenance', outOfService],
  ] as const)('the %s status filter lists exactly its machines', async (group, pred) => {
    const { page } = shared;
    await chooseOption(page, t.filter.status, t.statusGroup[group]);
    const expected = machines.filter(pred);
    expect(expected.length).toBeGreaterThan(0);
    const texts = await waitForListLength(page, LIST, expected.length);
    expect(texts.map((s) => s.split('\n')[0])).toEqual(expected.map((m) => m.name_en));
  });

  it('searches 200 ms after the last keystroke, not before, in name and address, case-insensitively', async () => {
    const { page } = shared;
    const box = await find(page, 'searchbox', t.filter.searchLabel);
    expect(await box.evaluate((el) => (el as HTMLInputElement).placeholder)).toBe('Please enter a location');
    const countText = await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`);
    // Timestamps taken in the page: every input event, and every change of the count under the list.
    await countText!.evaluate((el) => {
      const w = window as unknown as { inputs: number[]; changes: { at: number; text: string }[] };
      w.inputs = [];
      w.changes = [];
      document.addEventListener('input', () => w.inputs.push(performance.now()), true);
      new MutationObserver(() => w.changes.push({ at: performance.now(), text: el.textContent ?? '' })).observe(el, {
        characterData: true,
        childList: true,
        subtree: true,
      });
    });
    await box.type('PLAZA', { delay: 40 });
    const expected = count((m) => `${m.name_en}\n${m.address_en}`.toLowerCase().includes('plaza'));
    await waitForListLength(page, LIST, expected);
    const { inputs, changes } = await page.evaluate(() => {
      const w = window as unknown as { inputs: number[]; changes: { at: number; text: string }[] };
      return { inputs: w.inputs, changes: w.changes };
    });
    expect(inputs).toHaveLength(5);
    expect(changes.length).toBeGreaterThanOrEqual(1);
    // Each change follows a pause of 200 ms in the typing: the keystroke it answers was the last for 200 ms. (On a
    // loaded machine a pause can fall between two keystrokes; the change may then land just after the next one.)
    for (const change of changes) {
      const answered = inputs.filter(
        (at, i) => at < change.at && (inputs[i + 1] ?? Infinity) - at >= 199 && change.at - at >= 199,
      );
      expect(answered, `the count changed at ${change.at} after keystrokes at ${inputs.join(', ')}`).not.toEqual([]);
    }
    const settle = changes.at(-1)!.at - inputs.at(-1)!;
    console.log(`search: count changed ${settle.toFixed(0)} ms after the last keystroke (${changes.length} change(s))`);
    expect(settle).toBeLessThan(1000);
    expect(changes.at(-1)!.text).toBe(fill(t.list.count, { count: expected }));
  });

  it('Search applies the text at once and Reset clears every filter', async () => {
    const { page } = shared;
    await chooseOption(page, t.filter.status, t.statusGroup.available);
    await chooseOption(page, t.filter.area, 'New Territories');
    await chooseOption(page, t.filter.district, 'Sha Tin');
    const box = await find(page, 'searchbox', t.filter.searchLabel);
    await box.type('city');
    await (await find(page, 'button', 'Search')).click();
    const expected = machines.filter(
      (m) =>
        m.district === 'SHA TIN' &&
        !outOfService(m) &&
        (m.status === '<=40%' || m.status === '>40%') &&
        `${m.name_en} ${m.address_en}`.toLowerCase().includes('city'),
    );
    expect(expected.length).toBeGreaterThan(0);
    await waitForListLength(page, LIST, expected.length);

    await (await find(page, 'button', 'Reset')).click();
    await waitForListLength(page, LIST, machines.length);
    expect(await selectedLabel(page, t.filter.status)).toBe('All Status');
    expect(await selectedLabel(page, t.filter.area)).toBe('All');
    expect(await selectedLabel(page, t.filter.district)).toBe('All District');
    expect(await box.evaluate((el) => (el as HTMLInputElement).value)).toBe('');

    // Issue 41 §2: the count reads "1 machine" and "2 machines" after searches that find one and two.
    for (const found of [1, 2]) {
      const query = searchFinding(found);
      await box.click({ count: 3 });
      await box.type(query);
      await (await find(page, 'button', 'Search')).click();
      await waitForListLength(page, LIST, found);
      const count = await page.waitForSelector(`::-p-text(${found === 1 ? '1 machine' : '2 machines'})`);
      expect(await count!.evaluate((el) => el.textContent)).toBe(found === 1 ? '1 machine' : '2 machines');
    }
  });

  it('the toggle hides and shows the panel', async () => {
    const { page } = shared;
    const hide = await find(page, 'button', t.filter.hidePanel);
    expect(await hide.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('true');
    await hide.click();
    await gone(page, 'combobox', t.filter.status);
    await gone(page, 'list', LIST);
    const show = await find(page, 'button', t.filter.showPanel);
    expect(await show.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('false');
    await show.click();
    await find(page, 'combobox', t.filter.status);
    await find(page, 'list', LIST);
  });
});

describe('search in Chinese (issue 4 §2)', () => {
  it('searches Chinese text in the current language under ?locale=zht', async () => {
    const z = MESSAGES.zht;
    const { page } = await app.openPage('/?locale=zht');
    await waitForListLength(page, z.list.title, machines.length);
    const box = await find(page, 'searchbox', z.filter.searchLabel);
    expect(await box.evaluate((el) => (el as HTMLInputElement).placeholder)).toBe(z.filter.searchPlaceholder);
    await box.type('廣場');
    const expected = machines.filter((m) => `${m.name_zht}\n${m.address_zht}`.includes('廣場'));
    expect(expected.length).toBeGreaterThan(5);
    const texts = await waitForListLength(page, z.list.title, expected.length);
    expect(texts.map((s) => s.split('\n')[0])).toEqual(expected.map((m) => m.name_zht));
    // The English name of one of them finds nothing in Chinese.
    await box.click({ count: 3 });
    await box.type('Plaza');
    await page.waitForSelector(`::-p-text(${z.list.empty})`);
    await page.close();
  });
});
