import type { Page } from 'puppeteer-core';
import { shortCount } from '../record/format';
import type { BenchRecord, RunRecord } from '../record/record';
import type { RunRequest } from '../page/runBench';
import { RENDERER_LABELS } from '../stage/stageApi';

/** Picks a radio button by its label, as a click on it does. */
async function pickRadio(page: Page, label: string): Promise<void> {
  const radio = await page.waitForSelector(`::-p-aria([name="${label}"][role="radio"])`);
  await radio!.evaluate((input) => (input as HTMLInputElement).click());
  await radio!.dispose();
}

/** How often the harness looks at the page while a run goes on. */
const POLL_MS = 2_000;

/** The page's progress, or null when it did not answer within `ms` (its main thread is busy). */
async function progressOf(page: Page, ms: number): Promise<{ state: string; steps: number } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const answer = page
    .evaluate(() => ({
      state: document.querySelector('main')?.dataset.benchState ?? '',
      steps: window.__benchPage!.stepsSoFar(),
    }))
    .catch(() => null);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * One run on the bench page through its own controls, as a person makes it: N, renderer and scenario, then Run;
 * resolves with the run the page added to its record once it is idle again. Null when no step came for
 * `stallS` (the page is then stuck, e.g. a main thread held for minutes; the caller opens a fresh one).
 */
export async function runOnPage(page: Page, request: RunRequest, stallS: number): Promise<RunRecord | null> {
  // A tab in the background gets no animation frames: with two builds, the one running must be in front.
  await page.bringToFront();
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
  let steps = 0;
  let progressAt = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const progress = await progressOf(page, POLL_MS);
    if (progress?.state === 'idle') break;
    if (progress && progress.steps !== steps) [steps, progressAt] = [progress.steps, Date.now()];
    if (Date.now() - progressAt > stallS * 1000) return null;
  }
  const runs = await page.evaluate(() => window.__benchPage!.record().runs);
  return runs.length > before ? runs.at(-1)! : null;
}

/** The page's record, with `runs` in place of its own (the runs of every page the harness drove). */
export async function recordOf(page: Page, runs: RunRecord[]): Promise<BenchRecord> {
  const record = await page.evaluate(() => window.__benchPage!.record());
  return { ...record, runs };
}
