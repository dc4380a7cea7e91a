import type { Page } from 'puppeteer-core';
import { shortCount } from '../page/format';
import type { BenchRecord, RunRecord } from '../page/record';
import type { RunRequest } from '../page/runBench';
import { RENDERER_LABELS } from '../stage/stageApi';

/** Picks a radio button by its label, as a click on it does. */
async function pickRadio(page: Page, label: string): Promise<void> {
  const radio = await page.waitForSelector(`::-p-aria([name="${label}"][role="radio"])`);
  await radio!.evaluate((input) => (input as HTMLInputElement).click());
  await radio!.dispose();
}

/** The page's state: running while a run goes on. */
const benchState = (page: Page) => page.evaluate(() => document.querySelector('main')?.dataset.benchState);

/**
 * One run on the bench page through its own controls, as a person makes it: N, renderer and scenario, then Run;
 * resolves with the run the page added to its record once it is idle again. Null when the run did not end within
 * `limitS` (the page is then stuck; the caller opens a fresh one).
 */
export async function runOnPage(page: Page, request: RunRequest, limitS: number): Promise<RunRecord | null> {
  const before = await page.evaluate(() => window.__benchPage!.record().runs.length);
  await pickRadio(page, shortCount(request.n));
  await pickRadio(page, RENDERER_LABELS[request.renderer]);
  const scenario = await page.waitForSelector('::-p-aria([name="Scenario"][role="combobox"])');
  await scenario!.select(request.scenario);
  await scenario!.dispose();
  await page.locator('::-p-aria([name="Run"][role="button"])').click();
  await page.waitForFunction(() => document.querySelector('main')?.dataset.benchState === 'running', {
    timeout: 30_000,
  });
  try {
    await page.waitForFunction(() => document.querySelector('main')?.dataset.benchState === 'idle', {
      timeout: limitS * 1000,
      polling: 500,
    });
  } catch {
    if ((await benchState(page).catch(() => 'running')) === 'running') return null;
  }
  const runs = await page.evaluate(() => window.__benchPage!.record().runs);
  return runs.length > before ? runs.at(-1)! : null;
}

/** The page's record, with `runs` in place of its own (the runs of every page the harness drove). */
export async function recordOf(page: Page, runs: RunRecord[]): Promise<BenchRecord> {
  const record = await page.evaluate(() => window.__benchPage!.record());
  return { ...record, runs };
}
