// Shared by the issue-8 browser tests (near me, open now, shared links, live statuses).
import type { Page } from 'puppeteer-core';
import { aria } from './screen-helpers';

/**
 * Runs the page's clock from `at` (an instant) onwards, as if the visitor opened it then: Date and
 * Date.now are shifted; timers and performance.now are untouched, so the map animates as usual.
 */
export async function startClockAt(page: Page, at: Date): Promise<void> {
  await page.evaluateOnNewDocument((target: number) => {
    const RealDate = Date;
    const offset = target - RealDate.now();
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as [string]));
      }
      static override now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, at.getTime());
}

/** The ARIA selector of the open machine popup for a machine name. */
export const popupOf = (name: string) => aria('dialog', name);
