import Database from 'better-sqlite3';
import QRCode from 'qrcode';
import type { ElementHandle, Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { QR_OPTIONS } from '../../src/card/directionsQr';
import { ACTIVITY_EVENTS } from '../../src/layout/useIdleReset';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { waitForMapReady, type OpenedPage, type RunningServer } from './harness';
import { settledView } from './mapPixels';
import { countColours, type Rgb } from './pixels';
import { find, openCard, waitFor } from './screen-helpers';

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

describe('kiosk mode (?kiosk=1) with statuses refreshed every second', () => {
  const { app, machines } = setupDemoApp({ env: { RVM_KIOSK_REFRESH_MS: '1000' } });
  let opened: OpenedPage;
  let machine: Machine;
  let popup: ElementHandle<Element>;

  beforeAll(async () => {
    machine = pickMachine(machines);
    opened = await app.openPage('/?kiosk=1');
    await waitForMapReady(opened.page);
  });

  it('reads large text by default', async () => {
    expect(await opened.page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
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
    const [lat, lng] = machine.coordinates;
    const directions = `https://www.google.com/maps/dir/?api=1&destination=${lat}%2C${lng}`;
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

    const refreshes = opened.apiCalls.filter((c) => c.path === '/api/rvm/').slice(callsBefore);
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    for (const call of refreshes) expect(call).toMatchObject({ method: 'POST', body: '{}' });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false);
    expect(opened.errors).toEqual([]);
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
});
