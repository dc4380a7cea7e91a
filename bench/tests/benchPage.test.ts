import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from '../../testkit/browser/axe';
import { DESKTOP, launchBrowser, openPage } from '../../testkit/browser/harness';
import { serveStatic } from '../../testkit/browser/staticServer';
import { PAGE_HEADERS } from '../stage/pageHeaders';
import { isBenchRecord, type BenchRecord } from '../record/record';

const BENCH = join(import.meta.dirname, '..');
/** A run of 1,000 machines takes seconds here; software WebGL on a busy machine, a minute at worst. */
const RUN_LIMIT_MS = 150_000;

let built: string;
let downloads: string;
let server: { url: string; close: () => Promise<void> };
let browser: Browser;
beforeAll(async () => {
  built = mkdtempSync(join(tmpdir(), 'rvm-bench-page-'));
  downloads = mkdtempSync(join(tmpdir(), 'rvm-bench-downloads-'));
  await build({ configFile: join(BENCH, 'vite.config.ts'), logLevel: 'warn', build: { outDir: built } });
  server = await serveStatic(built, { htmlHeaders: PAGE_HEADERS });
  browser = await launchBrowser();
  const session = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await browser
    .defaultBrowserContext()
    .overridePermissions(server.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(built, { recursive: true, force: true });
  rmSync(downloads, { recursive: true, force: true });
});

describe('the benchmark page', () => {
  it('runs 1,000 machines from its controls, fills the table row by row, and gives the harness’s record', async () => {
    const { page, errors } = await openPage(browser, `${server.url}/`, { viewport: DESKTOP, motion: true });
    const aria = (name: string, role: string) => `::-p-aria([name="${name}"][role="${role}"])`;
    const checked = (selector: string) => page.$eval(selector, (input) => (input as HTMLInputElement).checked);

    // The controls, as a person finds them: 1,000 machines and our renderer to begin with.
    expect(await checked(aria('1k', 'radio'))).toBe(true);
    expect(await checked(aria('Ours: deck.gl IconLayer', 'radio'))).toBe(true);
    const scenario = await page.waitForSelector(aria('Scenario', 'combobox'));
    await scenario!.select('filter');
    expect(await seriousFindings(page, 'before a run')).toEqual([]);

    // Run, from the keyboard; the live readout shows frames while it runs.
    const run = await page.waitForSelector(aria('Run', 'button'));
    await run!.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.querySelector('main')?.dataset.benchState === 'running' &&
        [...document.querySelectorAll('dt')].some(
          (term) => term.textContent === 'fps' && /^\d+$/.test(term.nextElementSibling?.textContent ?? ''),
        ),
      { timeout: RUN_LIMIT_MS },
    );
    // Row by row: the load's row is there while the filter changes still run.
    await page.waitForFunction(
      () =>
        document.querySelector('main')?.dataset.benchState === 'running' &&
        [...document.querySelectorAll('table tbody td')].some((cell) => cell.textContent === 'load'),
      { timeout: RUN_LIMIT_MS },
    );
    await page.waitForFunction(() => document.querySelector('main')?.dataset.benchState === 'idle', {
      timeout: RUN_LIMIT_MS,
    });

    // The table: the run's title, then its steps with the machines each shows and its times.
    const rows = await page.$$eval('table tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
    expect(rows[0]![0]).toMatch(/^Ours: deck\.gl IconLayer · 1k machines · filter change · build /);
    const steps = rows.slice(1);
    expect(steps.map((cells) => cells[0])).toEqual(['load', 'filter: status', 'filter: district', 'filter: reset']);
    expect(steps.map((cells) => cells[1])).toEqual(['1,000', '183', '65', '1,000']);
    for (const cells of steps) {
      expect(cells[2], `time to markers drawn of ${cells[0]}`).toMatch(/^\d+(\.\d+)? (ms|s)$/);
      expect(cells[3], `main-thread JS of ${cells[0]}`).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    }
    // The table's description: the GPU the browser reports, and how JS was measured.
    const note = await page.$eval(
      'table',
      (table) => document.getElementById(table.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(note).toMatch(/^GPU: .*SwiftShader.*sampled every \d+ ms/);
    await page.waitForSelector('section[aria-labelledby="bench-charts-title"] svg');

    // Download JSON: the record npm run bench writes, with every field it has.
    await page.locator(aria('Download JSON', 'button')).click();
    const file = await waitForDownload(downloads);
    const record = JSON.parse(readFileSync(join(downloads, file), 'utf8')) as BenchRecord;
    expect(isBenchRecord(record)).toBe(true);
    expect(record.runs).toHaveLength(1);
    expect(record.runs[0]).toMatchObject({ renderer: 'ours', n: 1000, scenario: 'filter', error: null });
    expect(record.runs[0]!.steps.map((s) => s.shown)).toEqual([1000, 183, 65, 1000]);
    expect(record.runs[0]!.steps.every((s) => s.drawnMs > 0 && s.jsMs !== null && s.frames !== null)).toBe(true);
    expect(record.browser.gpu?.renderer).toContain('SwiftShader');
    expect(record.browser.jsSamplingMs).toBeGreaterThan(0);

    // Copy results: the same record.
    await page.locator(aria('Copy results', 'button')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Copied'));
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as BenchRecord;
    expect({ ...copied, createdAt: '' }).toEqual({ ...record, createdAt: '' });

    expect(await seriousFindings(page, 'after a run')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

async function waitForDownload(dir: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const file = readdirSync(dir).find((name) => name.endsWith('.json'));
    if (file) return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no file was downloaded');
}
