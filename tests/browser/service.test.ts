// Issue 67, the Service page against the built app and the real server: one console page, shared by every test in
// order, signed in as an admin, then an operator of one district, then a viewer. Two machines are set full through
// the API before it opens: RVM-001 (CENTRAL & WESTERN) and RVM-110 (SHA TIN, the operator's district).
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/operator/i18n/locales/en.json';
import zht from '../../src/operator/i18n/locales/zht.json';
import { ADMIN_TOKEN } from '../../testkit/browser/harness';
import { addPerson, signIn, signOut } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { setupSharedPage } from './sharedPage';
import { aria, find, waitFor } from './screen-helpers';

const t = en.service;
const OTHER = 'RVM-001';
const OWN = 'RVM-110';

const app = setupBrowserApp();
const shared = setupSharedPage(app, '/operator', {
  map: false,
  ready: async () => {
    for (const id of [OTHER, OWN]) {
      const answer = await fetch(`${app.server.url}/api/operator/machines/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ status: 'Full', under_maintenance: false, service_status: 0 }),
      });
      if (!answer.ok) throw new Error(`PATCH ${id}: ${answer.status}`);
    }
    await addPerson(app.server, 'ada', 'admin');
    await addPerson(app.server, 'kit', 'operator', { districts: ['SHA TIN'] });
    await addPerson(app.server, 'vic', 'viewer');
  },
});

/** The machine ids in the open episodes' table, in order. */
const openMachines = (page: Page) =>
  page.$$eval(`table[aria-label="${t.open}"] tbody th`, (cells) => cells.map((cell) => cell.textContent ?? ''));

async function openServicePage(page: Page, name: string) {
  await signIn(page, name);
  await (await find(page, 'link', t.nav)).click();
  await find(page, 'heading', t.title);
  await find(page, 'table', t.open);
  await find(page, 'table', t.figures);
}

/** The figure of a row of the month's table. */
const figure = (page: Page, label: string, table = t.figures) =>
  page.$$eval(
    `table[aria-label="${table}"] tr`,
    (rows, wanted) =>
      rows.find((row) => row.querySelector('th')?.textContent === wanted)?.querySelector('td')?.textContent,
    label,
  );

describe('the Service page', () => {
  it('shows an admin every open episode with its clock, the month’s figures and the promise', async () => {
    const { page } = shared;
    await openServicePage(page, 'ada');
    const machines = await waitFor(
      () => openMachines(page),
      (ids) => ids.includes(OTHER) && ids.includes(OWN),
      'both full machines in the open episodes',
    );
    expect(machines.filter((id) => id === OTHER)).toHaveLength(2); // full and nearly full
    const clocks = await page.$$eval(`table[aria-label="${t.open}"] tbody td:last-child`, (cells) =>
      cells.map((cell) => cell.textContent ?? ''),
    );
    expect(clocks.some((clock) => /^\d h( \d\d min)? left$|^\d+ min left$/.test(clock))).toBe(true);
    expect(Number(await figure(page, t.episodes))).toBeGreaterThanOrEqual(2);
    expect(await figure(page, t.promise)).toBe('4 h');
    await find(page, 'group', t.promiseSetting);
    // The chart draws its picture once it has measured the box it fills, a frame or more after its figures show.
    const charts = await waitFor(
      () => page.$$eval('.recharts-surface', (charts) => charts.length),
      (count) => count > 0,
      'the chart of the month',
    );
    expect(charts).toBe(1);
    expect(await page.$(aria('table', t.sharePerDay))).not.toBeNull();
  });

  it('prints the month’s report alone on one A4 page', async () => {
    const { page } = shared;
    await page.emulateMediaType('print');
    try {
      const pdf = Buffer.from(await page.pdf({ format: 'A4' }));
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
      const shown = (selector: string) => page.$eval(selector, (element) => element.checkVisibility());
      expect(await shown(`table[aria-label="${t.open}"]`)).toBe(false);
      expect(await shown(`table[aria-label="${t.figures}"]`)).toBe(true);
    } finally {
      await page.emulateMediaType('screen');
    }
  });

  it('downloads the month as CSV, one row per episode, with its columns', async () => {
    const { page } = shared;
    const href = await (await find(page, 'link', t.downloadCsv)).evaluate((link) => (link as HTMLAnchorElement).href);
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('machineId,district,kind,from,to,end,minutes,verdict');
    expect(lines.some((line) => line.startsWith(`${OWN},SHA TIN,full,`) && line.includes(',open,'))).toBe(true);
  });

  it('shows an operator of one district that district alone, without the promise’s setting', async () => {
    const { page } = shared;
    await signOut(page);
    await openServicePage(page, 'kit');
    const machines = await waitFor(
      () => openMachines(page),
      (ids) => ids.includes(OWN),
      'the own district’s machine',
    );
    expect(machines).not.toContain(OTHER);
    expect(await page.$(aria('group', t.promiseSetting))).toBeNull();
  });

  it('shows a viewer every district, in Traditional Chinese too', async () => {
    const { page } = shared;
    await signOut(page);
    await openServicePage(page, 'vic');
    await waitFor(
      () => openMachines(page),
      (ids) => ids.includes(OTHER) && ids.includes(OWN),
      'both machines',
    );
    expect(await page.$(aria('group', t.promiseSetting))).toBeNull();
    await page.goto(`${app.server.url}/operator/service?locale=zht`);
    await find(page, 'heading', zht.service.title);
    await find(page, 'table', zht.service.figures);
    const promise = await waitFor(
      () => figure(page, zht.service.promise, zht.service.figures),
      (text) => text !== undefined,
      'the promise in Chinese',
    );
    expect(promise).toBe('4 小時');
    // The open episodes come from a read of their own, apart from the figures'.
    const clocks = await waitFor(
      () =>
        page.$$eval(`table[aria-label="${zht.service.open}"] tbody td:last-child`, (cells) =>
          cells.map((cell) => cell.textContent ?? ''),
        ),
      (clocks) => clocks.length > 0,
      'the open episodes in Chinese',
    );
    expect(clocks.some((clock) => /^尚餘 (\d+ 小時 \d+ 分鐘|\d+ 小時|\d+ 分鐘)$/.test(clock))).toBe(true);
  });
});
