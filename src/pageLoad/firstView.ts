import { EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS } from '../config';

/*
 * Downloads the first view does not need (the opening hours library, the service worker's precache) wait for it:
 * on a phone's link they would share the bandwidth with the map's code and tiles. The first view is complete when
 * the map has drawn the machines over its first tiles (`rvm:ready`), or failed; or, whatever happens, after
 * EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS from the navigation (a page without a map, a map that never settles).
 */
let markComplete: () => void = () => undefined;
const complete = new Promise<void>((resolve) => {
  markComplete = resolve;
});
let capped = false;

/** Called by the map once its first view is drawn, or once it has failed. */
export function firstViewComplete(): void {
  markComplete();
}

/** Resolves once the first view is complete, or at the latest EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS into the page. */
export function afterFirstView(): Promise<void> {
  if (!capped) {
    capped = true;
    setTimeout(markComplete, Math.max(0, EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS - performance.now()));
  }
  return complete;
}

/**
 * Runs `task` once the first view is complete and then the browser is idle (at once where the browser has no idle
 * callback; `timeoutMs` caps the idle wait). Returns a function that cancels it.
 */
export function afterFirstViewWhenIdle(task: () => void, timeoutMs?: number): () => void {
  let cancelled = false;
  let idle: number | null = null;
  void afterFirstView().then(() => {
    if (cancelled) return;
    if (typeof requestIdleCallback !== 'function') return task();
    idle = requestIdleCallback(task, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  });
  return () => {
    cancelled = true;
    if (idle !== null) cancelIdleCallback(idle);
  };
}
