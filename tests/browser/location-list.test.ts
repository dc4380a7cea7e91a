// Issue 4 §1 on a desktop: the Location List beside the map, on the real server with the demo data.
import { describe, expect, it } from 'vitest';
import { setupDemoApp } from './fixture';
import { MESSAGES, fill, find, listItemTexts, openScreen, textOf } from './screen-helpers';

const t = MESSAGES.en;
const LIST = t.list.title;

const { app, machines } = setupDemoApp();

describe('Location List (issue 4 §1)', () => {
  it('is a real list with the count, an Address column and every machine with its address, and it scrolls', async () => {
    const page = await openScreen(app, machines);
    await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`);
    const heading = await find(page, 'heading', 'Location List');
    expect(await textOf(heading)).toBe('Location List');
    const column = await page.waitForSelector('::-p-text(Address)', { visible: true });
    expect(await column!.evaluate((el) => el.textContent)).toBe('Address');
    const texts = await listItemTexts(page, LIST);
    expect(texts).toHaveLength(machines.length);
    texts.forEach((text, i) => {
      const m = machines[i]!;
      expect(text).toContain(m.name_en);
      expect(text).toContain(m.address_en);
    });
    // The list scrolls inside the panel; the page itself does not.
    const list = await find(page, 'list', LIST);
    const scroller = await list.evaluateHandle((el) => {
      let box = el.parentElement!;
      while (!/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement!;
      return box;
    });
    const scroll = await scroller.evaluate((el) => ({ client: el.clientHeight, content: el.scrollHeight }));
    expect(scroll.content).toBeGreaterThan(scroll.client * 3);
    await scroller.evaluate((el) => el.scrollTo({ top: 100_000 }));
    const last = await page.waitForSelector(`::-p-text(${machines.at(-1)!.name_en})`, { visible: true });
    expect(await last!.isIntersectingViewport()).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    await page.close();
  });
});
