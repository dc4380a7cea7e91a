// Issue 9: the feed's freshness fields on screen, in all three languages, against the real server
// seeded with machines whose report times are fixed relative to the page's clock.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { popupOf, startClockAt } from './beyond-helpers';
import { setupBrowserApp } from './fixture';
import { setupSharedPage } from './sharedPage';
import { machineText } from './machineText';
import { waitForMapReady } from '../../testkit/browser/harness';
import { canvasAt, project, settledView, type MapView, type ScreenPoint } from './mapPixels';
import { countColours, type Rgb } from './pixels';
import {
  LOCALES,
  MESSAGES,
  chooseFromList,
  chooseOption,
  fill,
  find,
  listItemTexts,
  textOf,
  waitFor,
  waitForListLength,
  type Locale,
} from './screen-helpers';

/** The page's clock: 14:00 in Hong Kong. */
const AT = new Date('2026-11-23T06:00:00Z');
const minutesBefore = (minutes: number) => new Date(AT.getTime() - minutes * 60_000).toISOString();

const base = { under_maintenance: false, service_status: 0, photo: null };
const HOURS = { en: 'Mon-Sun 07:00-23:00', zht: '星期一至日 07:00-23:00', zhs: '星期一至日 07:00-23:00' };
const FRESH = {
  ...base,
  ...machineText('Kowloon Park', '九龍公園', HOURS),
  id: 'T-FRESH',
  coordinates: [22.3017, 114.17],
  area: 'KOWLOON',
  district: 'YAU TSIM MONG',
  status: '>40%',
  last_online: minutesBefore(5),
  last_emptied_at: '2026-11-23T09:30:00+08:00',
  bin_count: 2,
  bin_count_full_threshold: 2,
};
const STALE = {
  ...base,
  ...machineText('Victoria Park', '維多利亞公園', HOURS),
  id: 'T-STALE',
  coordinates: [22.282, 114.188],
  area: 'HONG_KONG',
  district: 'WAN CHAI',
  status: '>40%',
  last_online: minutesBefore(125),
};
const FULL = {
  ...base,
  ...machineText('Sha Tin Park', '沙田公園', HOURS),
  id: 'T-FULL',
  coordinates: [22.382, 114.189],
  area: 'NEW_TERRITORIES',
  district: 'SHA TIN',
  status: 'Full',
  last_online: minutesBefore(1),
  last_full: '2026-11-23T13:20:00+08:00',
  operator_note: 'passes through',
};
const OFF = {
  ...base,
  ...machineText('Tuen Mun Public Library', '屯門公共圖書館', HOURS),
  id: 'T-OFF',
  coordinates: [22.392, 113.976],
  area: 'NEW_TERRITORIES',
  district: 'TUEN MUN',
  status: '>40%',
  deactivated: true,
};
const PLAIN = {
  ...base,
  ...machineText('Stanley Plaza', '赤柱廣場', HOURS),
  id: 'T-PLAIN',
  coordinates: [22.2185, 114.211],
  area: 'HONG_KONG',
  district: 'SOUTHERN',
  status: '<=20%',
};
/** The database's machines; the page hides the deactivated one. */
const SEED = [FRESH, STALE, FULL, OFF, PLAIN];
const SHOWN = [FRESH, STALE, FULL, PLAIN];

const MAINTENANCE_GREY: Rgb = [138, 143, 152];
const RED: Rgb = [208, 2, 27];
const GREEN: Rgb = [63, 165, 53];
/** Where the drag brings the deactivated machine's place: clear of the panel and the legend, as is the stale one's. */
const WEST_IN_VIEW = { x: 100, y: 250 };
const DATE_LOCALE: Record<Locale, string> = { en: 'en-HK', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };

const app = setupBrowserApp({ seed: SEED });

/** The page on its clock, shared by the tests once the map has drawn the machines. */
const ON_THE_CLOCK = { beforeLoad: (p: Page) => startClockAt(p, AT), ready: waitForMapReady };

/** Where a marker's picture is drawn: it stands on its point. */
const markerBox = ({ x, y }: ScreenPoint) => ({ x: x - 8, y: y - 20, width: 16, height: 14 });

/** Opens the machine's popup from the Location List and returns its visible text. */
async function cardText(page: Page, locale: Locale, name: string): Promise<string> {
  const t = MESSAGES[locale];
  await chooseFromList(page, t.list.title, name);
  const popup = await page.waitForSelector(popupOf(name), { visible: true, timeout: 30_000 });
  const text = await textOf(popup!);
  await page.keyboard.press('Escape');
  await page.waitForSelector(popupOf(name), { hidden: true });
  return text;
}

const ago = (locale: Locale, amount: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(DATE_LOCALE[locale], { numeric: 'always' }).format(-amount, unit);
const nameIn = (locale: Locale, machine: { name_en: string; name_zht: string }) =>
  locale === 'en' ? machine.name_en : machine.name_zht;

/**
 * What a card may say of a machine that reported `minutes` before AT: its page's clock has run on from AT since the
 * page loaded (past the next minute on a busy machine), and the card counts the minutes to it.
 */
async function updatedMinutesAgo(page: Page, locale: Locale, minutes: number): Promise<string[]> {
  const ranFor = Math.floor(((await page.evaluate(() => Date.now())) - AT.getTime()) / 60_000);
  return Array.from({ length: ranFor + 1 }, (_, more) =>
    fill(MESSAGES[locale].freshness.updated, { ago: ago(locale, minutes + more, 'minute') }),
  );
}

describe.each(LOCALES)('the feed’s freshness fields (issue 9), %s', (locale) => {
  const t = MESSAGES[locale];
  const shared = setupSharedPage(app, `/?locale=${locale}`, ON_THE_CLOCK);

  it('hides the deactivated machine; the cards say how fresh each status is; the panel says when the data came', async () => {
    const { page, errors } = shared;
    const rows = await waitForListLength(page, t.list.title, SHOWN.length);
    for (const machine of SHOWN) expect(rows.join('\n')).toContain(nameIn(locale, machine));
    expect(rows.join('\n')).not.toContain(nameIn(locale, OFF));

    const fresh = await cardText(page, locale, nameIn(locale, FRESH));
    const freshSaid = await updatedMinutesAgo(page, locale, 5);
    expect(
      freshSaid.some((said) => fresh.includes(said)),
      `${fresh} says one of ${freshSaid}`,
    ).toBe(true);
    expect(fresh).toContain(fill(t.freshness.lastEmptied, { time: '09:30' }));
    expect(fresh).toContain(t.capacity['>40%']);
    expect(fresh).not.toContain(t.freshness.stale);

    const stale = await cardText(page, locale, nameIn(locale, STALE));
    expect(stale).toContain(t.freshness.stale);
    expect(stale).toContain(fill(t.freshness.updated, { ago: ago(locale, 2, 'hour') }));
    expect(stale).not.toContain(t.capacity['>40%']);

    const full = await cardText(page, locale, nameIn(locale, FULL));
    expect(full).toContain(fill(t.freshness.fullSince, { time: '13:20' }));
    const fullSaid = await updatedMinutesAgo(page, locale, 1);
    expect(
      fullSaid.some((said) => full.includes(said)),
      `${full} says one of ${fullSaid}`,
    ).toBe(true);

    const plain = await cardText(page, locale, nameIn(locale, PLAIN));
    for (const template of [t.freshness.updated, t.freshness.lastEmptied, t.freshness.fullSince]) {
      expect(plain).not.toContain(template.replace(/\{\{\w+\}\}/, '').trim());
    }

    const legend = await find(page, 'region', t.legend.title);
    expect(await textOf(legend)).toContain(fill(t.freshness.legend, { count: 30 }));
    const fetched = await page.$$eval('time', (times) => times.map((el) => (el as HTMLElement).innerText));
    expect(
      fetched.some((text) =>
        [fill(t.freshness.fetched, { time: '14:00' }), fill(t.freshness.fetched, { time: '14:01' })].includes(text),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('files the stale machine under Maintenance, not under its last reported status', async () => {
    const { page } = shared;
    await waitForListLength(page, t.list.title, SHOWN.length);
    // Reset, passed or failed: the marker test below needs every machine shown.
    try {
      await chooseOption(page, t.filter.status, t.statusGroup.maintenance);
      const maintenance = await waitForListLength(page, t.list.title, 1);
      expect(maintenance[0]).toContain(nameIn(locale, STALE));
      await chooseOption(page, t.filter.status, t.statusGroup.available);
      // One row again, as under Maintenance: the list has followed the new filter once that row is the fresh one.
      const available = await waitFor(
        () => listItemTexts(page, t.list.title),
        (rows) => rows.length === 1 && rows[0]!.includes(nameIn(locale, FRESH)),
        'the fresh machine alone under Available',
      );
      expect(available).toHaveLength(1);
    } finally {
      // The map refits to a result 200 ms after it stops changing: let it fit this one, so that Reset is a change
      // again and refits every machine for the marker test below (skipped, the view stays on the last card).
      await settledView(page);
      await (await find(page, 'button', t.filter.reset)).click();
      await waitForListLength(page, t.list.title, SHOWN.length);
    }
  });

  // The markers are the same in every language: they are checked once, on the English page.
  if (locale !== 'en') return;
  it('draws the stale machine with the maintenance marker and no marker at all for the deactivated one', async () => {
    const { page, errors } = shared;
    const colours = { grey: MAINTENANCE_GREY, red: RED, green: GREEN };
    const markerColours = (view: MapView, machine: { coordinates: number[] }) =>
      countColours(page, colours, markerBox(project(view, machine.coordinates as [number, number])), 16);
    // Read in the view the map has settled on after the tests before (Reset refits it), once both are drawn.
    const { view, stale, full } = await waitFor(
      async () => {
        const settled = await settledView(page);
        return { view: settled, stale: await markerColours(settled, STALE), full: await markerColours(settled, FULL) };
      },
      (seen) => (seen.stale.grey ?? 0) > 20 && (seen.full.red ?? 0) > 20,
      'the grey and the red marker',
    );
    expect(stale.green).toBe(0);
    expect(full.red).toBeGreaterThan(20);

    // The deactivated machine's place is off screen, west of the others: dragged into view as a visitor would,
    // with the stale machine's marker still in view to show that the markers are drawn where the map now stands.
    const offAt = project(view, OFF.coordinates as [number, number]);
    const from = { x: 100, y: 150 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + WEST_IN_VIEW.x - offAt.x, from.y + WEST_IN_VIEW.y - offAt.y, { steps: 10 });
    await page.mouse.up();
    const dragged = await settledView(page);
    const places = [OFF, STALE].map((m) => project(dragged, m.coordinates as [number, number]));
    expect(await canvasAt(page, places), 'both places on the map').toEqual([true, true]);
    await waitFor(
      () => markerColours(dragged, STALE),
      (c) => (c.grey ?? 0) > 20,
      'the grey marker in the dragged view',
    );
    const off = await markerColours(dragged, OFF);
    expect(off).toEqual({ grey: 0, red: 0, green: 0 });
    expect(errors).toEqual([]);
  });
});

describe('the freshness fields in a host page (issue 9)', () => {
  it('passes the feed’s unknown fields through, untouched, to the host with a card click', async () => {
    const { page, errors } = await app.openPage('/api/health', { beforeLoad: (p: Page) => startClockAt(p, AT) });
    await page.evaluate((src) => {
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      window.addEventListener('message', (e) => received.push(e.data));
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.style.cssText = 'width:1200px;height:760px;border:0';
      document.body.replaceChildren(frame);
    }, app.url('/?locale=en'));
    const frame = await waitFor(
      async () => page.frames().find((f) => f.url().includes('locale=en')),
      Boolean,
      'the framed page',
    );
    await waitForMapReady(frame!);
    await chooseFromList(frame!, MESSAGES.en.list.title, FULL.name_en);
    const card = await find(frame!, 'article', FULL.name_en);
    await card.click();
    const sent = await waitFor(
      () =>
        page.evaluate(() =>
          (window as unknown as { received: { type?: string }[] }).received.filter((m) => m.type === 'rvm:machine'),
        ),
      (messages) => messages.length > 0,
      'the machine message',
    );
    expect(sent[0]).toMatchObject({
      machine: { id: FULL.id, operator_note: 'passes through', last_full: '2026-11-23T05:20:00.000Z', bin_count: null },
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the stale threshold set by the deployment (issue 9)', () => {
  const patient = setupBrowserApp({ seed: SEED, env: { RVM_STALE_AFTER_MIN: '180' } });

  it('follows RVM_STALE_AFTER_MIN: at 180 minutes the machine silent for 125 is trusted, and the legend says 180', async () => {
    const t = MESSAGES.zht;
    const { page, errors } = await patient.openPage('/?locale=zht', { beforeLoad: (p: Page) => startClockAt(p, AT) });
    await waitForMapReady(page);
    await waitForListLength(page, t.list.title, SHOWN.length);
    const legend = await find(page, 'region', t.legend.title);
    expect(await textOf(legend)).toContain(fill(t.freshness.legend, { count: 180 }));
    const card = await cardText(page, 'zht', STALE.name_zht);
    expect(card).not.toContain(t.freshness.stale);
    expect(card).toContain(t.capacity['>40%']);
    expect(card).toContain(fill(t.freshness.updated, { ago: ago('zht', 2, 'hour') }));
    expect(errors).toEqual([]);
    await page.close();
  });
});
