// Issue 52 point 1, the page: an admin exports the machines, imports the export (all unchanged), then picks a file
// with a changed row and a bad row, sees the preview and the bad row's reason, applies it and sees the change. One
// page, signed in once, as one person would work.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/machines/csv';
import { exportCell, readCell } from '../../server/machines/csvCell';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import consoleZht from '../../src/operator/i18n/locales/zht.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { DESKTOP, MOBILE } from '../../testkit/browser/harness';
import { addPerson, signIn } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { fill, find, findDialog } from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const t = consoleEn;
const app = setupBrowserApp();
const shared = setupSharedPage(app, '/operator/import', {
  ready: async () => addPerson(app.server, 'ida', 'admin'),
});
const files = mkdtempSync(join(tmpdir(), 'rvm-import-browser-'));
/** Where the screenshots go when RVM_IMPORT_SCREENSHOTS names a folder (for a person to look at). */
const SHOTS = process.env.RVM_IMPORT_SCREENSHOTS;

async function shows(page: Page, text: string) {
  await page.waitForSelector(`::-p-text(${JSON.stringify(text)})`, { visible: true, timeout: 30_000 });
}

/** The number shown for one kind of row in the preview's summary. */
const count = (page: Page, kind: string) =>
  page.$eval(`dd[data-kind="${kind}"]`, (cell) => Number(cell.textContent?.replace(/\D/g, '')));

async function pick(page: Page, name: string, text: string, label = t.import.choose) {
  const file = join(files, name);
  writeFileSync(file, text);
  const [chooser] = await Promise.all([page.waitForFileChooser(), (await find(page, 'button', label)).click()]);
  await chooser.accept([file]);
}

async function exported(page: Page, label = t.import.export): Promise<string> {
  const link = await find(page, 'link', label);
  const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
  return page.evaluate(async (url) => (await fetch(url)).text(), href);
}

/** The export with its rows edited, written back as the export writes. */
async function edited(csv: string, edit: (cells: Record<string, string>) => Record<string, string>[]) {
  const records: string[][] = [];
  for await (const record of parseCsv(csv)) records.push(record);
  const [columns = [], ...rows] = records;
  const lines = rows.flatMap((row) =>
    edit(Object.fromEntries(row.map((cell, i) => [columns[i]!, readCell(cell)]))).map((cells) =>
      columns.map((column) => exportCell(cells[column] ?? '')).join(','),
    ),
  );
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('importing and exporting machines in the console (issue 52)', { timeout: 120_000 }, () => {
  let machines = 0;

  it('exports the machines, and importing the export shows every machine unchanged and nothing to apply', async () => {
    const { page } = shared;
    await signIn(page, 'ida');
    await find(page, 'heading', t.import.title);
    const csv = await exported(page);
    machines = csv.trimEnd().split('\r\n').length - 1;
    expect(machines).toBeGreaterThan(100);
    await pick(page, 'export.csv', csv);
    await shows(page, fill(t.import.summary, { file: 'export.csv' }));
    expect(await count(page, 'unchanged')).toBe(machines);
    for (const kind of ['added', 'changed', 'deactivated', 'rejected']) expect(await count(page, kind)).toBe(0);
    await shows(page, t.import.nothingToApply);
  });

  it("picks a file with a bad row: the counts, the row's reason, then applies it and sees the change", async () => {
    const { page } = shared;
    const file = await edited(await exported(page), (cells) => {
      if (cells.id !== 'RVM-001') return [cells];
      return [
        { ...cells, name_en: 'Imported from the console' },
        { ...cells, id: 'RVM-BAD', district: 'KOWLON CITY' },
      ];
    });
    await pick(page, 'fleet.csv', file);
    await shows(page, fill(t.import.summary, { file: 'fleet.csv' }));
    expect([await count(page, 'changed'), await count(page, 'rejected'), await count(page, 'unchanged')]).toEqual([
      1,
      1,
      machines - 1,
    ]);
    // The rejected rows' tab is open first: the reason in the person's language, and the command's own line.
    await shows(page, `district: ${t.problem.unknownDistrict}`);
    await shows(
      page,
      fill(t.import.commandLine, {
        detail: 'row 3 (RVM-BAD): district "KOWLON CITY" is not a known district',
      }),
    );
    await shoot(page, 'import-desktop-en');
    expect(await seriousFindings(page, 'import preview')).toEqual([]);

    await (await find(page, 'tab', t.import.changed)).click();
    await shows(page, 'name_en: Sheung Wan Municipal Services Building → Imported from the console');
    await (await find(page, 'button', t.import.apply)).click();
    // Clicked once the dialog has come in: while it slides in, a click can land beside its button.
    const confirming = await findDialog(page, t.import.confirmTitle);
    await shows(page, fill(t.import.confirmSkip.one, { count: 1 }));
    await (await find(confirming, 'button', t.import.confirm)).click();
    await shows(page, fill(t.import.done.one, { file: 'fleet.csv', added: 0, updated: 1, count: 1 }));
    const name = await page.evaluate(async () => {
      const { rvms } = (await (await fetch('/api/rvm/', { method: 'POST' })).json()) as {
        rvms: { id: string; name_en: string }[];
      };
      return rvms.find((machine) => machine.id === 'RVM-001')?.name_en;
    });
    expect(name).toBe('Imported from the console');
  });

  it('words the preview in Chinese, and on a phone has no serious accessibility finding', async () => {
    const { page } = shared;
    const zht = consoleZht;
    await page.goto(app.url('/operator/import?locale=zht'));
    await find(page, 'heading', zht.import.title);
    const file = await edited(await exported(page, zht.import.export), (cells) =>
      cells.id === 'RVM-002' ? [cells, { ...cells, id: 'RVM-002' }] : [cells],
    );
    await page.setViewport(MOBILE);
    await pick(page, 'dup.csv', file, zht.import.choose);
    await shows(page, fill(zht.import.summary, { file: 'dup.csv' }));
    await shows(page, `id: ${zht.problem.duplicateId}`);
    await shoot(page, 'import-mobile-zht');
    expect(await seriousFindings(page, 'import preview on a phone')).toEqual([]);
    await page.setViewport(DESKTOP);
    await shoot(page, 'import-desktop-zht');
  });
});
