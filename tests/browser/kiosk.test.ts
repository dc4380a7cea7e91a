// One kiosk page at 03:00 (RVM_KIOSK_HERE, refreshed every second) serves the placed tests in order, each leaving it
// as the next expects; `?here=` opens a second page and closes it. The idle-reset tests have a server and page of
// their own (RVM_KIOSK_IDLE_MS).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import QRCode from 'qrcode';
import type { ElementHandle, Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { directionsUrl } from '../../src/card/directions';
import { QR_OPTIONS } from '../../src/card/directionsQr';
import { ACTIVITY_EVENTS } from '../../src/layout/useIdleReset';
import { distanceMetres } from '../../src/nearby/distance';
import { takesBottlesNow } from '../../src/nearby/eligibility';
import { formatDistance } from '../../src/nearby/formatDistance';
import { walkingMinutes } from '../../src/nearby/walkingTime';
import { loadOpeningHours } from '../../src/openNow/openingHoursLib';
import { mayBeOpen } from '../../src/openNow/openState';
import type { Machine } from '../../shared/machine';
import { startClockAt } from './beyond-helpers';
import { setupDemoApp } from './fixture';
import { ARTIFACTS, waitForMapReady, type OpenedPage, type RunningServer } from '../../testkit/browser/harness';
import { project, settledView } from './mapPixels';
import { countColours, type Rgb } from './pixels';
import { MESSAGES, aria, fill, find, listItemTexts, openCard, waitFor } from './screen-helpers';
import { smallTouchTargets } from './touchTargets';

const t = MESSAGES.en;
/** Where the deployment's kiosks stand (RVM_KIOSK_HERE): by Hong Kong City Hall, Central. */
const HERE: [number, number] = [22.2819, 114.1581];
/** A landscape kiosk screen and a portrait one. */
const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
] as const;
/** 03:00 in Hong Kong: only the demo machines open round the clock are open. */
const NIGHT = new Date('2026-11-25T03:00:00+08:00');

/** The kiosk's list order: the machines open with room, nearest first, then the others, nearest first. */
function kioskOrder(machines: readonly Machine[], at: Date, from = HERE): Machine[] {
  const byDistance = [...machines].sort(
    (a, b) => distanceMetres(from, a.coordinates) - distanceMetres(from, b.coordinates),
  );
  return [...byDistance.filter((m) => takesBottlesNow(m, at)), ...byDistance.filter((m) => !takesBottlesNow(m, at))];
}

/** "340 m · 6 min walk", as the kiosk's list shows the way to a machine. */
function walkText(machine: Machine): string {
  const metres = distanceMetres(HERE, machine.coordinates);
  const { key, params } = formatDistance(metres);
  const distance = fill(t.nearby[key === 'nearby.metres' ? 'metres' : 'kilometres'], params);
  return `${distance} · ${fill(t.nearby.walk, { count: walkingMinutes(metres) })}`;
}

/**
 * The "You are here" label and where `place` falls in the settled view, read again for up to 10 s until the label is
 * centred over it: on a machine busy with other tests one read of the view can come from before the refit that
 * follows the list's load, the other after it.
 */
async function hereLabelOver(page: Page, place: [number, number]) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const dot = project(await settledView(page), place);
    const label = (await page.waitForSelector(`::-p-text(${t.kiosk.here})`, { visible: true }))!;
    const box = (await label.boundingBox())!;
    const offset = box.x + box.width / 2 - dot.x;
    if (Math.abs(offset) < 2 || Date.now() > deadline) return { label, box, dot, offset };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** "You are here" where the kiosk stands, on screen, every control at least 48x48; and a screenshot to look at. */
async function checkScreen(page: Page, name: string, withPlace: boolean): Promise<void> {
  for (const screen of SCREENS) {
    await page.setViewport(screen);
    if (withPlace) {
      const { label, box, dot, offset } = await hereLabelOver(page, HERE);
      expect(Math.abs(offset), 'the label centred over the place').toBeLessThan(2);
      expect(box.y + box.height).toBeLessThan(dot.y);
      expect(dot.y - (box.y + box.height)).toBeLessThan(40);
      // In the page's fonts, not MapLibre's (Helvetica, Arial), which have no Chinese glyphs.
      const fonts = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(await label.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(fonts);
    } else {
      await settledView(page);
      expect(await page.$(`::-p-text(${t.kiosk.here})`)).toBeNull();
    }
    expect(await page.$(aria('button', t.nearby.nearMe))).toBeNull();
    expect((await page.$(aria('button', t.nearby.nearest))) !== null).toBe(withPlace);
    expect(await smallTouchTargets(page), `${screen.width}x${screen.height}`).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, `kiosk-${name}-${screen.width}x${screen.height}.png`) });
  }
}

/** An available machine with a photo and a name of its own, so it can be found by its text. */
function pickMachine(machines: readonly Machine[]): Machine {
  const found = machines.find(
    (m) =>
      m.picture &&
      m.status === '>40%' &&
      !m.under_maintenance &&
      m.service_status === 0 &&
      machines.filter((o) => o.name_en === m.name_en).length === 1,
  );
  if (!found) throw new Error('the demo data has no available machine with a photo');
  return found;
}

/** The status picture beside the machine in the list: the same display state as its marker. */
function listIconSrc(page: Page, name: string): Promise<string> {
  return page.$$eval(
    'ul li button',
    (rows, n) =>
      rows
        .find((row) => row.textContent?.includes(n))
        ?.querySelector('img')
        ?.getAttribute('src') ?? '',
    name,
  );
}

/** The fill colours of the marker images (assets/markers). */
const MARKER_COLOURS: Record<string, Rgb> = {
  available: [63, 165, 53],
  full: [208, 2, 27],
  maintenance: [138, 143, 152],
};

/**
 * Pixels of each marker colour where the marker of the machine the map has centred on stands: a 24x24
 * icon whose tip is the map's centre. The popup sits above it.
 */
async function markerColours(page: Page): Promise<Record<string, number>> {
  const region = await find(page, 'region', 'Map of reverse vending machines');
  const box = (await region.boundingBox())!;
  const [cx, cy] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
  return countColours(page, MARKER_COLOURS, { x: cx - 10, y: cy - 20, width: 20, height: 18 }, 16);
}

const waitForMarker = (page: Page, colour: keyof typeof MARKER_COLOURS) =>
  waitFor(
    () => markerColours(page),
    (counts) => (counts[colour] ?? 0) > 30,
    `the marker to be ${colour}`,
  );

/** The legend's picture for a caption ("Full", "Maintenance", …): what a visitor compares a marker with. */
async function legendIconSrc(page: Page, caption: string): Promise<string> {
  const legend = await find(page, 'region', 'Legend');
  return legend.$$eval(
    'li',
    (items, c) =>
      items
        .find((li) => li.textContent?.trim() === c)
        ?.querySelector('img')
        ?.getAttribute('src') ?? '',
    caption,
  );
}

const waitForListIcon = (page: Page, name: string, src: string) =>
  page.waitForFunction(
    (n, s) =>
      [...document.querySelectorAll('ul li button')].some(
        (row) => row.textContent?.includes(n) && row.querySelector('img')?.getAttribute('src') === s,
      ),
    { timeout: 15_000 },
    name,
    src,
  );

describe('kiosk mode (?kiosk=1) placed by RVM_KIOSK_HERE, statuses refreshed every second, at 03:00', () => {
  const { app, machines } = setupDemoApp({ env: { RVM_KIOSK_REFRESH_MS: '1000', RVM_KIOSK_HERE: HERE.join(',') } });
  let opened: OpenedPage;
  let machine: Machine;
  let popup: ElementHandle<Element>;

  beforeAll(async () => {
    machine = pickMachine(machines);
    opened = await app.openPage('/?kiosk=1', {
      viewport: SCREENS[0],
      beforeLoad: (page) => startClockAt(page, NIGHT),
    });
    await waitForMapReady(opened.page);
    await loadOpeningHours();
  });

  it('reads large text by default', async () => {
    expect(await opened.page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
  });

  it('lists the machines open with room first, nearest first with the walk there, and says "You are here"; every touch target 48x48, landscape and portrait', async () => {
    const { page } = opened;
    const expected = kioskOrder(machines, NIGHT);
    const open = expected.filter((m) => takesBottlesNow(m, NIGHT));
    // At 03:00 a few are open: the nearest machines that are closed or full come after them.
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(machines.length / 2);
    const rows = await listItemTexts(page, t.list.title);
    expect(rows.map((row) => row.split('\n')[0])).toEqual(expected.map((m) => m.name_en));
    rows.forEach((row, i) => {
      const shown = expected[i]!;
      expect(row).toContain(walkText(shown));
      expect(row).toContain(shown.address_en);
      // A closed machine near by comes after open ones further off: its row says why.
      expect(row.includes(t.nearby.closedNow), shown.name_en).toBe(!mayBeOpen(shown, NIGHT));
    });
    expect(rows.filter((row) => row.includes(t.nearby.closedNow)).length).toBeGreaterThan(0);
    await checkScreen(page, 'placed', true);
    await page.setViewport(SCREENS[0]);
  });

  it('a place in the address (?here=) wins over the deployment’s', async () => {
    const elsewhere: [number, number] = [22.2939, 114.1694]; // Tsim Sha Tsui, across the harbour
    const { page } = await app.openPage(`/?kiosk=1&here=${elsewhere.join(',')}`, { viewport: SCREENS[0] });
    // Closed whatever happens: left open, it would hide the shared kiosk page behind it for the tests after.
    try {
      await waitForMapReady(page);
      expect(Math.abs((await hereLabelOver(page, elsewhere)).offset)).toBeLessThan(2);
      const first = (await listItemTexts(page, t.list.title))[0]!;
      expect(first.split('\n')[0]).toBe(kioskOrder(machines, new Date(), elsewhere)[0]!.name_en);
    } finally {
      await page.close();
    }
  });

  it('has no link that leaves the page: the address is text and directions are a QR code of the directions URL', async () => {
    popup = await openCard(opened.page, machine.name_en);
    expect(await popup.evaluate((el) => el.textContent)).toContain(machine.address_en);
    expect(await popup.$('a')).toBeNull();

    const qr = (await popup.waitForSelector(
      `::-p-aria([role="image"][name="QR code: directions to ${machine.name_en}"])`,
      {
        visible: true,
      },
    ))!;
    // From where the kiosk stands, on foot.
    const [lat, lng] = machine.coordinates;
    const directions = `https://www.google.com/maps/dir/?api=1&origin=${HERE[0]}%2C${HERE[1]}&destination=${lat}%2C${lng}&travelmode=walking`;
    expect(directionsUrl(machine, HERE)).toBe(directions);
    const expected = await QRCode.toString(directions, QR_OPTIONS);
    const src = await qr.evaluate((img) => img.getAttribute('src') ?? '');
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(expected);
    expect(await popup.evaluate((el) => el.textContent)).toContain('Scan for directions');

    // The Lands Department credit is still there, as text.
    await opened.page.waitForSelector('::-p-text(Map information from Lands Department)', { visible: true });
    const links = await opened.page.$$eval('a[href]', (as) =>
      as.map((a) => `${a.getAttribute('href')} ${a.getAttribute('target')}`),
    );
    expect(links).toEqual([]);
  });

  it('shows a status change made on the server in the card and the marker, without reloading or the overlay', async () => {
    const page = opened.page;
    await page.evaluate(() => {
      const w = window as unknown as { sameDocument: boolean; overlaySeen: boolean };
      w.sameDocument = true;
      w.overlaySeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.overlaySeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    expect(await popup.evaluate((el) => el.textContent)).toContain('Available');
    // The map has flown to the machine (max zoom 15) and stopped.
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[role="region"][data-zoom]')?.dataset.zoom === '15.000',
      { timeout: 30_000 },
    );
    expect(await waitForMarker(page, 'available')).toMatchObject({ full: 0, maintenance: 0 });
    expect(await listIconSrc(page, machine.name_en)).toBe(await legendIconSrc(page, 'Up to 40% remaining'));
    const callsBefore = opened.apiCalls.filter((c) => c.path === '/api/rvm/').length;

    setMachine(app.server, machine.id, { status: 'Full', under_maintenance: 0 });
    await popup.waitForSelector('::-p-text(Full)', { timeout: 15_000 });
    await waitForListIcon(page, machine.name_en, await legendIconSrc(page, 'Full'));
    expect(await waitForMarker(page, 'full')).toMatchObject({ available: 0 });

    setMachine(app.server, machine.id, { status: 'Full', under_maintenance: 1 });
    await popup.waitForSelector('::-p-text(Maintenance/Non-operating hours)', { timeout: 15_000 });
    await waitForListIcon(page, machine.name_en, await legendIconSrc(page, 'Maintenance'));
    expect(await waitForMarker(page, 'maintenance')).toMatchObject({ available: 0, full: 0 });

    // A refresh already in flight when the first change is written can carry it, so the two changes
    // may arrive in one refresh counted here, never in none.
    const refreshes = opened.apiCalls.filter((c) => c.path === '/api/rvm/').slice(callsBefore);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    for (const call of refreshes) expect(call).toMatchObject({ method: 'POST', body: '{}' });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false);
    expect(opened.errors).toEqual([]);
  });

  it('takes a tap up to 12 px beside a marker’s picture: a 48x48 target around the 24x24 marker', async () => {
    const { page } = opened;
    // A machine with no other within 400 m: at zoom 15 no neighbour's marker is within reach of the tap.
    const alone = machines.find((m) =>
      machines.every((o) => o === m || distanceMetres(m.coordinates, o.coordinates) > 400),
    )!;
    await openCard(page, alone.name_en);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[role="region"][data-zoom]')?.dataset.zoom === '15.000',
      { timeout: 30_000 },
    );
    await page.keyboard.press('Escape');
    await page.waitForSelector(aria('dialog', alone.name_en), { hidden: true });
    const tip = project(await settledView(page), alone.coordinates);
    // Beside the widest part of the pin, 8 px right of its 24 px box: out of the picture, within the target.
    await page.mouse.click(tip.x + 12 + 8, tip.y - 14);
    await find(page, 'dialog', alone.name_en);
  });
});

function setMachine(server: RunningServer, id: string, values: { status: string; under_maintenance: number }) {
  const db = new Database(server.dbPath);
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE machines SET status = ?, under_maintenance = ?, updated_at = ? WHERE id = ?')
      .run(values.status, values.under_maintenance, new Date().toISOString(), id).changes;
    if (changed !== 1) throw new Error(`no machine ${id}`);
  } finally {
    db.close();
  }
}

interface InputsAndResets {
  /** performance.now() of each input the idle clock counts */
  inputs: number[];
  /** performance.now() of each moment the open dialogs all closed */
  resets: number[];
}

/** From now on the page records, on its own clock, every input the idle clock counts and every reset. */
async function recordInputsAndResets(page: Page): Promise<void> {
  await page.evaluate((types) => {
    const record: InputsAndResets = { inputs: [], resets: [] };
    Object.assign(window, { __inputsAndResets: record });
    for (const type of types)
      window.addEventListener(type, () => record.inputs.push(performance.now()), { capture: true, passive: true });
    let open = document.querySelectorAll('[role="dialog"]').length;
    new MutationObserver(() => {
      const now = document.querySelectorAll('[role="dialog"]').length;
      if (open > 0 && now === 0) record.resets.push(performance.now());
      open = now;
    }).observe(document.body, { subtree: true, childList: true });
  }, ACTIVITY_EVENTS);
}

const inputsAndResets = (page: Page) =>
  page.evaluate(() => (window as unknown as { __inputsAndResets: InputsAndResets }).__inputsAndResets);

describe('kiosk mode (?kiosk=1) left alone for the idle time (5 s here)', () => {
  const IDLE_MS = 5000;
  const MOVE_EVERY_MS = 400;
  const { app, machines } = setupDemoApp({ env: { RVM_KIOSK_IDLE_MS: String(IDLE_MS) } });
  let opened: OpenedPage;
  let machine: Machine;
  let total: number;

  beforeAll(async () => {
    machine = pickMachine(machines);
    total = machines.length;
    opened = await app.openPage('/?kiosk=1');
    await waitForMapReady(opened.page);
  });

  it('returns the view, filters, popup, photo and panel to their start, and not while someone is using it', async () => {
    const page = opened.page;
    const start = await settledView(page);
    // On a busy machine inputs reach the page late: whether a reset came too early is judged by the page's own
    // timestamps of each input and each reset.
    await recordInputsAndResets(page);

    // A visitor filters, opens a machine, hides the panel and opens the photo.
    await (await find(page, 'searchbox', 'Search location')).type(machine.name_en.split(' ')[0]!);
    await (await find(page, 'combobox', 'Area')).select('HONG_KONG');
    const popup = await openCard(page, machine.name_en);
    await (await find(page, 'button', 'Hide filters')).click();
    await (await popup.waitForSelector(
      `::-p-aria([role="button"][name="Show the photo of ${machine.name_en}"])`,
    ))!.click();
    // The dialog shows the full photo (the card's round one is decorative: its button already names it).
    await page.waitForFunction(
      (alt) =>
        [...document.querySelectorAll('img')].filter((img) => img.alt === alt && img.complete && img.naturalWidth > 0)
          .length === 1,
      {},
      `Photo of ${machine.name_en}`,
    );

    // Still in use for longer than the idle time.
    for (let moves = 0; moves < (IDLE_MS * 1.5) / MOVE_EVERY_MS; moves++) {
      await page.mouse.move(moves % 2 === 0 ? 300 : 320, 300);
      await new Promise((r) => setTimeout(r, MOVE_EVERY_MS));
    }

    // Left alone: back to the start.
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[role="dialog"]').length === 0 &&
        (document.querySelector('input[type="search"]') as HTMLInputElement | null)?.value === '' &&
        document.body.innerText.includes(`${count} machines`),
      { timeout: IDLE_MS + 15_000 },
      total,
    );
    const { inputs, resets } = await inputsAndResets(page);
    expect(resets.length).toBeGreaterThanOrEqual(1);
    // Nothing was reset while in use: each reset came the idle time after the input before it.
    for (const reset of resets) {
      const idleFor = reset - Math.max(...inputs.filter((at) => at < reset));
      expect(idleFor, `a reset ${idleFor.toFixed(0)} ms after the last input`).toBeGreaterThanOrEqual(IDLE_MS - 1);
    }
    await find(page, 'button', 'Hide filters');
    const area = await find(page, 'combobox', 'Area');
    expect(await area.evaluate((select) => (select as HTMLSelectElement).value)).toBe('');
    const end = await settledView(page);
    expect(end.zoom).toBeCloseTo(start.zoom, 2);
    expect(end.center[0]).toBeCloseTo(start.center[0], 4);
    expect(end.center[1]).toBeCloseTo(start.center[1], 4);
    expect(opened.errors).toEqual([]);
  });

  it('without a place: no Near me (its browser rarely knows), no "You are here"; every touch target 48x48, landscape and portrait', async () => {
    await checkScreen(opened.page, 'unplaced', false);
  });
});
