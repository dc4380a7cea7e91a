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
