import type { Locale, Machine } from '../../shared/machine';
import { buildSearchIndex } from '../machines/searchIndex';

/** Machines indexed between two looks at the idle deadline: well under a millisecond of work. */
export const SEARCH_INDEX_SLICE = 1_000;

/**
 * Waits for the browser to be idle; resolves how many milliseconds that idle period has left, or null
 * when aborted (or when the work is no longer wanted).
 */
export type IdleWait = (signal: AbortSignal) => Promise<(() => number) | null>;

export const browserIdle: IdleWait = (signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    const hasIdle = typeof requestIdleCallback === 'function';
    const done = (deadline?: IdleDeadline) => {
      signal.removeEventListener('abort', cancel);
      resolve(deadline ? () => deadline.timeRemaining() : () => 0);
    };
    const id = hasIdle ? requestIdleCallback(done, { timeout: 1000 }) : window.setTimeout(done, 0);
    const cancel = () => {
      if (hasIdle) cancelIdleCallback(id);
      else window.clearTimeout(id);
      resolve(null);
    };
    signal.addEventListener('abort', cancel, { once: true });
  });

/**
 * The same index as buildSearchIndex, built in slices while the page is idle, so a large list's first
 * search keystroke finds it ready instead of building it then (about 3 s at 1M machines). Each idle
 * period takes slices while it has time left, and at least one. Resolves null when stopped.
 */
export async function buildSearchIndexInSlices(
  machines: readonly Machine[],
  locale: Locale,
  signal: AbortSignal,
  idle: IdleWait = browserIdle,
): Promise<string[] | null> {
  const index: string[] = [];
  let start = 0;
  while (start < machines.length) {
    const timeLeft = await idle(signal);
    if (!timeLeft) return null;
    do {
      for (const text of buildSearchIndex(machines.slice(start, start + SEARCH_INDEX_SLICE), locale)) index.push(text);
      start += SEARCH_INDEX_SLICE;
    } while (start < machines.length && timeLeft() > 1);
  }
  return signal.aborted ? null : index;
}
