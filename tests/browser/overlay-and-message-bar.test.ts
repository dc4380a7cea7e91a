// Issue 4 §6, §7 on a desktop: the overlay that blocks the screen while the list call is pending, and the
// message bar that shows a failed call's message for about 3 s.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { setupDemoApp } from './fixture';
import { holdApi, waitForMapReady } from './harness';
import { MESSAGES, find, gone, waitForListLength } from './screen-helpers';

const t = MESSAGES.en;
const LIST = t.list.title;

const { app, machines } = setupDemoApp();

/** Waits for a text in the message bar (the status region at the bottom). */
async function messageIn(page: Page, text: string): Promise<void> {
  const message = await page.waitForSelector(`::-p-text(${text})`, { visible: true, timeout: 30_000 });
  expect(await message!.evaluate((el) => el.closest('[role="status"][aria-live="polite"]') !== null)).toBe(true);
}

describe('request overlay and message bar (issue 4 §6, §7)', () => {
  it('blocks the whole screen while the list call is pending and lets clicks through after', async () => {
    const hold = holdApi('/api/rvm/');
    const { page } = await app.openPage('/', { holdApi: hold });
    await hold.arrived();
    const overlay = await find(page, 'progressbar', t.app.loading);
    const box = await overlay.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    const toggle = await find(page, 'button', t.filter.hidePanel);
    const at = (await toggle.boundingBox())!;
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    expect(await toggle.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('true');
    expect(
      await page.evaluate(
        (x, y) => document.elementFromPoint(x, y)?.closest('[role="progressbar"]') !== null,
        at.x + 4,
        at.y + 4,
      ),
    ).toBe(true);

    hold.release();
    await gone(page, 'progressbar', t.app.loading);
    await waitForListLength(page, LIST, machines.length);
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    await find(page, 'button', t.filter.showPanel);
    await page.close();
  });

  it('shows a failed call in the message bar for about 3 s', async () => {
    const hold = holdApi('/api/rvm/', 2);
    const { page } = await app.openPage('/', { holdApi: hold });
    await hold.arrived();
    hold.answer(500, { success: false });
    // No msg in the answer: the generic systemError text, and the page offers to try again.
    await messageIn(page, t.error.systemError);
    const notice = await page.waitForSelector(`::-p-text(${t.error.loadFailed})`, { visible: true });
    expect(await notice!.evaluate((el) => el.closest('[role="alert"]') !== null)).toBe(true);
    await waitForMapReady(page);
    await page.waitForSelector(`::-p-text(${t.error.systemError})`, { hidden: true, timeout: 15_000 });

    // Timed on the second failure, once the page is idle: a msg with a translation shows the translated text.
    const bar = await page.waitForSelector('[role="status"][aria-live]');
    await bar!.evaluate((el, text) => {
      const w = window as unknown as { shownAt?: number; goneAt?: number };
      new MutationObserver(() => {
        const has = (el.textContent ?? '').includes(text);
        if (has && w.shownAt === undefined) w.shownAt = performance.now();
        if (!has && w.shownAt !== undefined && w.goneAt === undefined) w.goneAt = performance.now();
      }).observe(el, { childList: true, subtree: true, characterData: true });
    }, t.error.tooManyRequests);
    await (await find(page, 'button', t.error.retry)).click();
    await hold.arrived();
    hold.answer(429, { success: false, msg: 'tooManyRequests' });
    await messageIn(page, t.error.tooManyRequests);
    await page.waitForFunction(() => (window as unknown as { goneAt?: number }).goneAt !== undefined, {
      timeout: 10_000,
    });
    const { shownAt, goneAt } = await page.evaluate(() => {
      const w = window as unknown as { shownAt: number; goneAt: number };
      return { shownAt: w.shownAt, goneAt: w.goneAt };
    });
    const shownFor = goneAt - shownAt;
    console.log(`message bar: shown for ${shownFor.toFixed(0)} ms`);
    expect(shownFor).toBeGreaterThanOrEqual(2500);
    expect(shownFor).toBeLessThanOrEqual(4500);
    expect(await page.$(`::-p-text(${t.error.tooManyRequests})`)).toBeNull();
    await page.close();
  });
});
