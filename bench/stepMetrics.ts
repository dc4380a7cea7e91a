import type { CDPSession, Page } from 'puppeteer-core';
import { rendererCounters, usedHeapMB } from './cdpMetrics';
import { MARK, readGlCounts, resetGlCounts } from './glCounter';
import { mainThreadTime, TRACE_CATEGORIES, type TraceEvent } from './mainThreadTrace';

/**
 * What one step cost, whatever renders it: main-thread time from a trace, the WebGL calls counted in the
 * page, and the heap after it. Taken by the runner around the page's own step; the page does not know.
 */
export interface StepMetrics {
  /** Main-thread JS of the whole step (trace; CDP counters when not tracing), until the page's step resolved (frame shown, GPU done). */
  jsMs: number | null;
  /** Main-thread tasks of the whole step (trace). */
  taskMs: number | null;
  /** Main-thread JS until the task that issued the first draw call after the step's start ended (trace). */
  jsToDrawMs: number | null;
  /** Main-thread JS until the task in which our page's map drew the step's result ended (trace; our page only). */
  jsToMarkersMs: number | null;
  /** Performance.getMetrics ScriptDuration and TaskDuration deltas over the step: a cross-check; null for the load. */
  cdpScriptMs: number | null;
  cdpTaskMs: number | null;
  /** Page clock from the step's start to its first draw call. */
  firstDrawMs: number | null;
  draws: number;
  uploadKB: number;
  /** After the step, no garbage collected first. */
  heapMB: number;
  /**
   * Measured on until the map settled again (no frame for 300 ms): the JS and draw calls of the change with
   * what follows it on the page, such as the camera refit 200 ms later and its frames. Null when not measured so.
   */
  settledJsMs: number | null;
  settledDraws: number | null;
}

/**
 * Whether steps are traced. `BENCH_TRACE=0` leaves tracing off (its overhead off the software timings): JS and
 * task times then come from Performance.getMetrics over the whole step, and there is no "JS until the first draw".
 */
export const TRACING = process.env.BENCH_TRACE !== '0';

/**
 * Measures steps on one page: `measure(run)` around a step, `{ fromDocument: true }` for a load started in `run`,
 * `{ settle }` to measure on after the step until `settle` resolves as well.
 */
export async function stepMeter(page: Page) {
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send('Performance.enable');
  return {
    cdp,
    async measure<T>(
      run: () => Promise<T>,
      { fromDocument = false, settle }: { fromDocument?: boolean; settle?: () => Promise<unknown> } = {},
    ): Promise<{ value: T; metrics: StepMetrics }> {
      if (TRACING) await page.tracing.start({ categories: TRACE_CATEGORIES });
      const before = fromDocument ? null : await rendererCounters(cdp);
      if (!fromDocument) await resetGlCounts(page);
      const value = await run();
      const shownMark = settle ? MARK.shown : MARK.stepEnd;
      const counts = await readGlCounts(page, shownMark);
      const after = before && (await rendererCounters(cdp));
      const settled = settle ? await settle().then(() => readGlCounts(page)) : null;
      const trace = TRACING ? await page.tracing.stop() : undefined;
      const events = trace
        ? (JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
        : [];
      const cdpScriptMs = before && after ? after.scriptMs - before.scriptMs : null;
      const cdpTaskMs = before && after ? after.taskMs - before.taskMs : null;
      const startMark = fromDocument ? MARK.document : MARK.step;
      const time = TRACING
        ? mainThreadTime(events, startMark, shownMark)
        : { jsMs: cdpScriptMs, taskMs: cdpTaskMs, jsToDrawMs: null, jsToMarkersMs: null };
      const settledTime = TRACING && settled ? mainThreadTime(events, startMark) : null;
      return {
        value,
        metrics: {
          jsMs: time?.jsMs ?? null,
          taskMs: time?.taskMs ?? null,
          jsToDrawMs: time?.jsToDrawMs ?? null,
          jsToMarkersMs: time?.jsToMarkersMs ?? null,
          cdpScriptMs,
          cdpTaskMs,
          firstDrawMs: counts.firstDrawAt === null ? null : counts.firstDrawAt - counts.resetAt,
          draws: counts.draws,
          uploadKB: counts.uploadBytes / 1024,
          heapMB: await usedHeapMB(cdp),
          settledJsMs: settledTime?.jsMs ?? null,
          settledDraws: settled?.draws ?? null,
        },
      };
    },
  };
}
