// Issue 4 §10: primary #3fa535 and secondary #dfdfdf, in the light and the dark colour scheme, and
// the dark scheme stays readable (issue 26 §9: also the reminder and the text on the primary colour).
// A page per scheme, loaded in that scheme (the popup is read too: with the map).
import { describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { setupDemoApp } from './fixture';
import { REDUCED_MOTION, waitForMapReady } from '../../testkit/browser/harness';
import { MESSAGES, chooseFromList, fill, find, waitForListLength, waitUntilStill } from './screen-helpers';

const t = MESSAGES.en;
const PRIMARY = 'rgb(63, 165, 53)';
const SECONDARY = 'rgb(223, 223, 223)';

const { app, machines } = setupDemoApp();

async function openIn(scheme: 'light' | 'dark'): Promise<Page> {
  const { page } = await app.openPage('/', {
    beforeLoad: (p) => p.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }, REDUCED_MOTION]),
  });
  await waitForListLength(page, t.list.title, machines.length);
  return page;
}

/** WCAG contrast of an element's text against the first opaque background behind it. */
function contrastOf(element: ElementHandle<Element>): Promise<number> {
  return element.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: number[]) =>
      c
        .slice(0, 3)
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    let back: Element | null = el;
    let bg = rgb(getComputedStyle(el).backgroundColor);
    while (back && (bg.length === 4 ? bg[3]! < 1 : bg.length === 0)) {
      back = back.parentElement;
      bg = back ? rgb(getComputedStyle(back).backgroundColor) : [255, 255, 255];
    }
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

const backgroundOf = (el: ElementHandle<Element>) => el.evaluate((e) => getComputedStyle(e).backgroundColor);

describe.each(['light', 'dark'] as const)('the %s colour scheme', (scheme) => {
  it('uses the primary colour for the main action and the secondary around the photo, and reads well', async () => {
    const page = await openIn(scheme);
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
    const body = await page.$('body');
    const bodyLuminance = await body!.evaluate((b) => {
      const [r, g, bl] = (getComputedStyle(b).backgroundColor.match(/\d+/g) ?? []).map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * bl!) / 255;
    });
    if (scheme === 'dark') expect(bodyLuminance).toBeLessThan(0.25);
    else expect(bodyLuminance).toBeGreaterThan(0.9);

    const search = await find(page, 'button', t.filter.search);
    expect(await backgroundOf(search)).toBe(PRIMARY);

    // Texts a visitor reads: panel heading, list rows, legend, reminder, labels.
    const heading = await find(page, 'heading', t.list.title);
    const list = await find(page, 'list', t.list.title);
    const rowName = (await list.$('li button > span:first-child'))!;
    const address = (await list.$('li button > span:nth-child(2)'))!;
    const count = await page.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`);
    const legend = await find(page, 'region', t.legend.title);
    const caption = (await legend.$('li span'))!;
    const reminder = (await legend.waitForSelector(`::-p-text(${t.legend.reminder})`))!;
    const label = (await page.$('label'))!;
    for (const [what, el, min] of [
      ['heading', heading, 4.5],
      ['list name', rowName, 4.5],
      ['list address', address, 4.5],
      ['list count', count!, 4.5],
      ['legend caption', caption, 4.5],
      ['reminder', reminder, 4.5],
      ['filter label', label, 4.5],
      ['Search button', search, 4.5],
    ] as const) {
      expect(await contrastOf(el), `${scheme} ${what}`).toBeGreaterThanOrEqual(min);
    }

    await waitForMapReady(page);
    const machine = machines.find((m) => m.picture)!;
    await chooseFromList(page, t.list.title, machine.name_en);
    const popup = await find(page, 'dialog', machine.name_en);
    await waitUntilStill(popup);
    const photo = await find(page, 'button', fill(t.card.openPhoto, { name: machine.name_en }));
    expect(await photo.evaluate((el) => getComputedStyle(el.querySelector('img')!.parentElement!).borderTopColor)).toBe(
      SECONDARY,
    );
    for (const [what, selector] of [
      ['card name', 'h3'],
      ['address link', 'a'],
      ['service hours', 'h3 ~ p'],
    ] as const) {
      const el = await popup.$(selector);
      expect(el, what).not.toBeNull();
      expect(await contrastOf(el!), `${scheme} ${what}`).toBeGreaterThanOrEqual(4.5);
    }
    await page.close();
  });
});
