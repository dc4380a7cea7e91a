// Issue 4 on a desktop: the filter panel, search, Location List, legend, machine card, photo dialog,
// messages to the host page, request overlay and message bar, on the real server with the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import type { Machine } from '../../shared/machine';
import { holdApi, launchBrowser, openPage, startServer, waitForMapReady, type RunningServer } from './harness';
import {
  MESSAGES,
  chooseFromList,
  chooseOption,
  fetchMachines,
  fill,
  find,
  gone,
  listItemTexts,
  machineById,
  optionLabels,
  selectedLabel,
  textOf,
  waitForImages,
  waitForListLength,
  waitUntilStill,
} from './screen-helpers';

const t = MESSAGES.en;
const LIST = t.list.title;
const WITH_PHOTO = 'RVM-015'; // Kornhill Plaza (out of service)
/** Chromium's accessibility tree calls an <img> 'image'. */
const IMAGE = 'image';
const WITHOUT_PHOTO = 'RVM-008'; // Times Square

let server: RunningServer;
let browser: Browser;
let machines: Machine[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  machines = await fetchMachines(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openScreen(query = ''): Promise<Page> {
  const { page } = await openPage(browser, `${server.url}/${query}`);
  await waitForListLength(page, LIST, machines.length);
  return page;
}

/** Opens a machine's popup from the list, waits until the map has stopped flying and returns the popup. */
async function openPopup(page: Page, machine: Machine) {
  await waitForMapReady(page);
  await chooseFromList(page, LIST, machine.name_en);
  const popup = await find(page, 'dialog', machine.name_en);
  await waitUntilStill(popup);
  return popup;
}

/** The legend's marker picture for each caption. */
async function legendImages(page: Page): Promise<Record<string, string>> {
  const legend = await find(page, 'region', t.legend.title);
  const items = await legend.$$eval('li', (lis) =>
    lis.map((li) => [(li as HTMLElement).innerText, li.querySelector('img')?.src ?? ''] as const),
  );
  return Object.fromEntries(items);
}

/** Waits for a text in the message bar (the status region at the bottom). */
async function messageIn(page: Page, text: string): Promise<void> {
  const message = await page.waitForSelector(`::-p-text(${text})`, { visible: true, timeout: 30_000 });
  expect(await message!.evaluate((el) => el.closest('[role="status"][aria-live="polite"]') !== null)).toBe(true);
}

const count = (pred: (m: Machine) => boolean) => machines.filter(pred).length;
const outOfService = (m: Machine) => m.under_maintenance || m.service_status === 1;

describe('filter panel (issue 4 §1, §2)', () => {
  it('offers the spec labels for status, area and district, and the districts follow the area', async () => {
    const page = await openScreen();
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
    await waitForListLength(page, LIST, count((m) => m.area === 'KOWLOON'));

    await chooseOption(page, t.filter.district, 'Kwun Tong');
    const kwunTong = machines.filter((m) => m.district === 'KWUN TONG');
    const texts = await waitForListLength(page, LIST, kwunTong.length);
    expect(texts.map((s) => s.split('\n')[0])).toEqual(kwunTong.map((m) => m.name_en));
    await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: kwunTong.length })})`);

    // Changing the area clears the district.
    await chooseOption(page, t.filter.area, 'Hong Kong');
    expect(await selectedLabel(page, t.filter.district)).toBe('All District');
    await waitForListLength(page, LIST, count((m) => m.area === 'HONG_KONG'));
    expect(await optionLabels(page, t.filter.district)).toEqual([
      'All District',
      'Central & Western',
      'Wan Chai',
      'Eastern',
      'Southern',
    ]);
    await page.close();
  });

  it.each([
    ['available', (m: Machine) => !outOfService(m) && (m.status === '<=40%' || m.status === '>40%')],
    ['nearlyFull', (m: Machine) => !outOfService(m) && (m.status === '<=20%' || m.status === '<=5%')],
    ['full', (m: Machine) => !outOfService(m) && m.status === 'Full'],
    ['maintenance', outOfService],
  ] as const)('the %s status filter lists exactly its machines', async (group, pred) => {
    const page = await openScreen();
    await chooseOption(page, t.filter.status, t.statusGroup[group]);
    const expected = machines.filter(pred);
    expect(expected.length).toBeGreaterThan(0);
    const texts = await waitForListLength(page, LIST, expected.length);
    expect(texts.map((s) => s.split('\n')[0])).toEqual(expected.map((m) => m.name_en));
    await page.close();
  });

  it('searches 200 ms after the last keystroke, not before, in name and address, case-insensitively', async () => {
    const page = await openScreen();
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
    for (const change of changes) {
      const lastInputBefore = Math.max(...inputs.filter((at) => at < change.at));
      expect(change.at - lastInputBefore).toBeGreaterThanOrEqual(199);
    }
    const settle = changes.at(-1)!.at - inputs.at(-1)!;
    console.log(`search: count changed ${settle.toFixed(0)} ms after the last keystroke (${changes.length} change(s))`);
    expect(settle).toBeLessThan(1000);
    expect(changes.at(-1)!.text).toBe(fill(t.list.count, { count: expected }));
    await page.close();
  });

  it('searches Chinese text in the current language under ?locale=zht', async () => {
    const z = MESSAGES.zht;
    const { page } = await openPage(browser, `${server.url}/?locale=zht`);
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

  it('Search applies the text at once and Reset clears every filter', async () => {
    const page = await openScreen();
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
    await page.close();
  });

  it('the toggle hides and shows the panel', async () => {
    const page = await openScreen();
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
    await page.close();
  });
});

describe('Location List (issue 4 §1)', () => {
  it('is a real list with the count, an Address column and every machine with its address, and it scrolls', async () => {
    const page = await openScreen();
    await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`);
    const heading = await find(page, 'heading', 'Location List');
    expect(await textOf(heading)).toBe('Location List');
    const column = await page.waitForSelector('::-p-text(Address)', { visible: true });
    expect(await column!.evaluate((el) => el.textContent)).toBe('Address');
    const texts = await listItemTexts(page, LIST);
    expect(texts).toHaveLength(machines.length);
    texts.forEach((text, i) => {
      const m = machines[i]!;
      expect(text).toContain(m.name_en);
      expect(text).toContain(m.address_en);
    });
    // The list scrolls inside the panel; the page itself does not.
    const list = await find(page, 'list', LIST);
    const scroller = await list.evaluateHandle((el) => {
      let box = el.parentElement!;
      while (!/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement!;
      return box;
    });
    const scroll = await scroller.evaluate((el) => ({ client: el.clientHeight, content: el.scrollHeight }));
    expect(scroll.content).toBeGreaterThan(scroll.client * 3);
    await scroller.evaluate((el) => el.scrollTo({ top: 100_000 }));
    const last = await page.waitForSelector(`::-p-text(${machines.at(-1)!.name_en})`, { visible: true });
    expect(await last!.isIntersectingViewport()).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    await page.close();
  });
});

describe('legend (issue 4 §5)', () => {
  it('shows the four marker images with their captions and the Kind Reminder', async () => {
    const page = await openScreen();
    const legend = await find(page, 'region', t.legend.title);
    const items = await legend.$$eval('li', (lis) =>
      lis.map((li) => ({
        text: (li as HTMLElement).innerText,
        image: li.querySelector('img')?.naturalWidth ?? 0,
      })),
    );
    expect(items.map((i) => i.text)).toEqual(['Up to 40% remaining', 'Up to 20% remaining', 'Full', 'Maintenance']);
    for (const item of items) expect(item.image).toBeGreaterThan(0);
    expect(await textOf(legend)).toContain(
      'Kind Reminder: To avoid the inconvenience of finding the RVM full upon arrival, please be advised not to set off to RVM displaying red status.',
    );
    await page.close();
  });
});

describe('machine card (issue 4 §3)', () => {
  it('shows the photo, name, address, service hours, and the status picture and caption of the spec §4 table', async () => {
    const page = await openScreen();
    await waitForMapReady(page);
    const legendPictures = await legendImages(page);
    const withPhoto = machines.filter((m) => m.picture);
    // One machine per row of the table, each with a photo.
    const rows = [
      { caption: 'Available', legend: 'Up to 40% remaining', pick: (m: Machine) => !outOfService(m) && m.status === '>40%' },
      { caption: 'Available', legend: 'Up to 40% remaining', pick: (m: Machine) => !outOfService(m) && m.status === '<=40%' },
      { caption: 'Almost full (≥80% Full)', legend: 'Up to 20% remaining', pick: (m: Machine) => !outOfService(m) && m.status === '<=20%' },
      { caption: 'Almost full (≥80% Full)', legend: 'Up to 20% remaining', pick: (m: Machine) => !outOfService(m) && m.status === '<=5%' },
      { caption: 'Full', legend: 'Full', pick: (m: Machine) => !outOfService(m) && m.status === 'Full' },
      { caption: 'Maintenance/Non-operating hours', legend: 'Maintenance', pick: (m: Machine) => m.under_maintenance },
      { caption: 'Maintenance/Non-operating hours', legend: 'Maintenance', pick: (m: Machine) => m.service_status === 1 },
    ];
    for (const row of rows) {
      const machine = withPhoto.find(row.pick) ?? machines.find(row.pick)!;
      const popup = await openPopup(page, machine);
      const text = await textOf(popup);
      expect(text).toContain(machine.name_en);
      expect(text).toContain(machine.address_en);
      expect(text).toContain(`${t.card.serviceHours}: ${machine.service_hour_en}`);
      expect(text, machine.id).toContain(row.caption);
      const pictures = await popup.$$eval('img', (imgs) => imgs.filter((i) => i.alt === '' && !i.closest('button')).map((i) => i.src));
      expect(pictures, machine.id).toEqual([legendPictures[row.legend]]);
      if (machine.picture) {
        const photo = await find(page, 'button', fill(t.card.openPhoto, { name: machine.name_en }));
        // The round photo is the avatar around the image (its border included).
        const shown = await photo.evaluate((el) => {
          const img = el.querySelector('img')!;
          const r = img.parentElement!.getBoundingClientRect();
          return { width: r.width, height: r.height, radius: getComputedStyle(img.parentElement!).borderRadius, src: img.src };
        });
        expect(shown.width).toBeCloseTo(88, 0);
        expect(shown.height).toBeCloseTo(88, 0);
        // Round: a radius of half its size.
        expect(shown.radius === '50%' || parseFloat(shown.radius) >= shown.width / 2).toBe(true);
        expect(new URL(shown.src).pathname).toBe(`/api/file/${machine.picture.id}`);
      }
      expect(await waitForImages(page)).toEqual([]);
    }
    await page.close();
  });

  it('links the address to a directions page with lat,lng in a new tab, noopener', async () => {
    const page = await openScreen();
    const machine = machineById(machines, WITH_PHOTO);
    const popup = await openPopup(page, machine);
    const link = await popup.waitForSelector(`a::-p-text(${machine.address_en})`);
    const attrs = await link!.evaluate((a) => ({
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel') ?? '',
    }));
    const [lat, lng] = machine.coordinates;
    expect(new URL(attrs.href).searchParams.get('destination')).toBe(`${lat},${lng}`);
    expect(new URL(attrs.href).protocol).toBe('https:');
    expect(attrs.target).toBe('_blank');
    expect(attrs.rel.split(/\s+/)).toContain('noopener');
    // Clicking it opens a new tab at that address (the outside request itself is refused offline).
    const newTarget = browser.waitForTarget((target) => target.opener() === page.target());
    await link!.click();
    const opened = await newTarget;
    expect(opened.url()).toContain(encodeURIComponent(`${lat},${lng}`));
    await (await opened.page())?.close();
    await page.close();
  });

  it('shows a neutral placeholder and no broken image for a machine without a photo', async () => {
    const page = await openScreen();
    const machine = machineById(machines, WITHOUT_PHOTO);
    expect(machine.picture).toBeUndefined();
    const popup = await openPopup(page, machine);
    const placeholder = await find(page, IMAGE, t.card.noPhoto);
    const box = await placeholder.evaluate((img) => ({
      width: img.parentElement!.getBoundingClientRect().width,
      radius: getComputedStyle(img.parentElement!).borderRadius,
    }));
    expect(box.width).toBeCloseTo(88, 0);
    expect(box.radius).toBe('50%');
    expect(await popup.$(`::-p-aria([role="button"][name="${fill(t.card.openPhoto, { name: machine.name_en })}"])`)).toBeNull();
    expect(await textOf(popup)).toContain(machine.name_en);
    expect(await waitForImages(page)).toEqual([]);
    await page.close();
  });
});

describe('photo dialog (issue 4 §4)', () => {
  async function openDialog(page: Page, machine: Machine) {
    await (await find(page, 'button', fill(t.card.openPhoto, { name: machine.name_en }))).click();
    const image = await find(page, IMAGE, fill(t.card.photoDialog, { name: machine.name_en }));
    expect(await image.evaluate((img) => img.closest('[role="dialog"][aria-modal="true"]') !== null)).toBe(true);
    return image;
  }
  const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector('[role="dialog"][aria-modal="true"]') !== null);

  it('shows the full image, at most 80% of the viewport height, and closes with Escape, the close button or a click outside', async () => {
    const page = await openScreen();
    const machine = machineById(machines, WITH_PHOTO);
    await openPopup(page, machine);

    const image = await openDialog(page, machine);
    const shown = await image.evaluate((img) => ({
      src: (img as HTMLImageElement).src,
      natural: (img as HTMLImageElement).naturalWidth,
      maxHeight: getComputedStyle(img).maxHeight,
      height: img.getBoundingClientRect().height,
    }));
    expect(new URL(shown.src).pathname).toBe(`/api/file/${machine.picture!.id}`);
    expect(shown.natural).toBeGreaterThan(0);
    expect(shown.maxHeight).toBe(`${0.8 * 800}px`);
    expect(shown.height).toBeLessThanOrEqual(0.8 * 800);
    // In a short window the image shrinks to 80% of its height.
    await page.setViewport({ width: 1280, height: 250 });
    await page.waitForFunction((img) => img.getBoundingClientRect().height <= 200.5, {}, image);
    expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('200px');
    await page.setViewport({ width: 1280, height: 800 });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
    // The popup stays open behind it.
    await find(page, 'dialog', machine.name_en);

    await openDialog(page, machine);
    const modal = await page.waitForSelector('[role="dialog"][aria-modal="true"]');
    await (await modal!.waitForSelector(`::-p-aria([role="button"][name="${t.card.close}"])`))!.click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);

    await openDialog(page, machine);
    await page.mouse.click(8, 400);
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
    expect(await dialogOpen(page)).toBe(false);
    await page.close();
  });
});

describe('messages to the host page (issue 4 §3)', () => {
  it('posts { type: "rvm:machine", machine } to the parent when the card or the photo is clicked', async () => {
    // A same-origin host page: a document written into a page of the server's origin, framing the app.
    const { page } = await openPage(browser, `${server.url}/api/health`);
    await page.setContent(
      `<!doctype html><body style="margin:0"><iframe title="RVM map" src="${server.url}/" style="width:1200px;height:760px;border:0"></iframe>
      <script>window.received = []; addEventListener('message', (e) => received.push({ data: e.data, origin: e.origin }));</script></body>`,
    );
    const frame = await (await page.waitForSelector('iframe'))!.contentFrame();
    await waitForListLength(frame, LIST, machines.length);
    await frame.waitForFunction(() => document.documentElement.dataset.mapReady === 'true', { timeout: 60_000 });
    const machine = machineById(machines, WITH_PHOTO);
    await chooseFromList(frame, LIST, machine.name_en);
    const popup = await find(frame, 'dialog', machine.name_en);
    await waitUntilStill(popup);
    const received = () =>
      page.evaluate(() => (window as unknown as { received: { data: { type: string; machine?: Machine } }[] }).received);

    await (await popup.waitForSelector(`h3::-p-text(${machine.name_en})`))!.click();
    await page.waitForFunction(() => (window as unknown as { received: { data: { type: string } }[] }).received.some((m) => m.data.type === 'rvm:machine'));
    const fromCard = (await received()).filter((m) => m.data.type === 'rvm:machine');
    expect(fromCard).toHaveLength(1);
    expect(fromCard[0]!.data.machine).toEqual(machine);

    await (await find(frame, 'button', fill(t.card.openPhoto, { name: machine.name_en }))).click();
    await page.waitForFunction(
      () => (window as unknown as { received: { data: { type: string } }[] }).received.filter((m) => m.data.type === 'rvm:machine').length === 2,
    );
    const fromPhoto = (await received()).filter((m) => m.data.type === 'rvm:machine');
    expect(fromPhoto[1]!.data.machine).toEqual(machine);
    // Clicking the photo also opens the dialog, inside the frame.
    await find(frame, IMAGE, fill(t.card.photoDialog, { name: machine.name_en }));
    expect((await received()).some((m) => m.data.type === 'rvm:ready')).toBe(true);
    await page.close();
  });
});

describe('request overlay and message bar (issue 4 §6, §7)', () => {
  it('blocks the whole screen while the list call is pending and lets clicks through after', async () => {
    const hold = holdApi('/api/rvm/');
    const { page } = await openPage(browser, `${server.url}/`, { holdApi: hold });
    await hold.arrived();
    const overlay = await find(page, 'progressbar', t.app.loading);
    const box = await overlay.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    const toggle = await find(page, 'button', t.filter.hidePanel);
    const at = (await toggle.boundingBox())!;
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    expect(await toggle.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('true');
    expect(await page.evaluate((x, y) => document.elementFromPoint(x, y)?.closest('[role="progressbar"]') !== null, at.x + 4, at.y + 4)).toBe(true);

    hold.release();
    await gone(page, 'progressbar', t.app.loading);
    await waitForListLength(page, LIST, machines.length);
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    await find(page, 'button', t.filter.showPanel);
    await page.close();
  });

  it('shows a failed call in the message bar for about 3 s', async () => {
    const hold = holdApi('/api/rvm/', 2);
    const { page } = await openPage(browser, `${server.url}/`, { holdApi: hold });
    await hold.arrived();
    hold.answer(500, { success: false });
    // No msg in the answer: the generic systemError text, and the page offers to try again.
    await messageIn(page, t.error.systemError);
    const notice = await page.waitForSelector(`::-p-text(${t.error.loadFailed})`, { visible: true });
    expect(await notice!.evaluate((el) => el.closest('[role="alert"]') !== null)).toBe(true);
    await waitForMapReady(page);
    await page.waitForSelector(`::-p-text(${t.error.systemError})`, { hidden: true, timeout: 15_000 });

    // Timed on the second failure, once the page is idle: a msg with a translation shows the translated text.
    const bar = await page.waitForSelector('[role="status"][aria-live]');
    await bar!.evaluate((el, text) => {
      const w = window as unknown as { shownAt?: number; goneAt?: number };
      new MutationObserver(() => {
        const has = (el.textContent ?? '').includes(text);
        if (has && w.shownAt === undefined) w.shownAt = performance.now();
        if (!has && w.shownAt !== undefined && w.goneAt === undefined) w.goneAt = performance.now();
      }).observe(el, { childList: true, subtree: true, characterData: true });
    }, t.error.tooManyRequests);
    await (await find(page, 'button', t.error.retry)).click();
    await hold.arrived();
    hold.answer(429, { success: false, msg: 'tooManyRequests' });
    await messageIn(page, t.error.tooManyRequests);
    await page.waitForFunction(() => (window as unknown as { goneAt?: number }).goneAt !== undefined, { timeout: 10_000 });
    const { shownAt, goneAt } = await page.evaluate(() => {
      const w = window as unknown as { shownAt: number; goneAt: number };
      return { shownAt: w.shownAt, goneAt: w.goneAt };
    });
    const shownFor = goneAt - shownAt;
    console.log(`message bar: shown for ${shownFor.toFixed(0)} ms`);
    expect(shownFor).toBeGreaterThanOrEqual(2500);
    expect(shownFor).toBeLessThanOrEqual(4500);
    expect(await page.$(`::-p-text(${t.error.tooManyRequests})`)).toBeNull();
    await page.close();
  });
});
