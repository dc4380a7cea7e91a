// The message bar clears itself after 3 s, and on a busy machine a check polled from outside the page can miss
// all of those 3 s. So the page itself records, from its first moment, when each text appeared in the bar and
// when it left, on its own clock (performance.now()).
import type { Page } from 'puppeteer-core';

export interface ShownMessage {
  text: string;
  shownAt: number;
  goneAt: number | null;
  /**
   * When a timer of the bar's own length, set in the same moment the text appeared, fired: on a busy page
   * timers fire late, the bar's as much as this one, so its leaving is compared with this, not a fixed bound.
   */
  referenceAt: number | null;
}

const BAR = '[role="status"][aria-live="polite"]';

/** Call before the page loads (openPage's `beforeLoad`); `referenceMs` is the bar's timeout. */
export async function recordMessageBar(page: Page, referenceMs: number): Promise<void> {
  await page.evaluateOnNewDocument(
    (bar, referenceMs) => {
      const log: ShownMessage[] = [];
      Object.assign(window, { __messageBar: log });
      new MutationObserver(() => {
        const now = performance.now();
        const text = document.querySelector(bar)?.textContent?.trim() ?? '';
        const current = log.at(-1);
        if (current && current.goneAt === null && current.text === text) return;
        if (current && current.goneAt === null) current.goneAt = now;
        if (!text) return;
        const entry: ShownMessage = { text, shownAt: now, goneAt: null, referenceAt: null };
        log.push(entry);
        setTimeout(() => (entry.referenceAt = performance.now()), referenceMs);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    BAR,
    referenceMs,
  );
}

/** Waits, in the page, until the bar has shown `text` and cleared it again; returns that showing. */
export async function messageShownAndGone(page: Page, text: string, timeout = 60_000): Promise<ShownMessage> {
  const found = await page.waitForFunction(
    (text) =>
      (window as unknown as { __messageBar: ShownMessage[] }).__messageBar.find(
        (m) => m.text === text && m.goneAt !== null && m.referenceAt !== null,
      ),
    { timeout },
    text,
  );
  return (await found.jsonValue()) as ShownMessage;
}

/** Every text the bar has shown so far, in order. */
export function messagesShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __messageBar: ShownMessage[] }).__messageBar.map((m) => m.text));
}
