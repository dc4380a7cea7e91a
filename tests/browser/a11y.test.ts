// Issue 4 §12: every control is reached and operated by keyboard, has an accessible name and a visible
// focus; the Location List is a real list driven by the keyboard; the photo dialog traps focus.
import { describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { setupDemoApp } from './fixture';
import { waitForMapReady } from './harness';
import { MESSAGES, fill, find, openScreen, selectedLabel, waitFor, waitUntilStill } from './screen-helpers';

const t = MESSAGES.en;
const MAX_TAB_STOPS = 60;

const { app, machines } = setupDemoApp();

/** The screen with every machine listed and the map drawn. */
async function openReadyScreen(): Promise<Page> {
  const page = await openScreen(app, machines);
  await waitForMapReady(page);
  return page;
}

interface Focused {
  handle: ElementHandle<Element>;
  role: string;
  name: string;
  /** outline and box-shadow while focused */
  ring: string;
}

const ringOf = (el: ElementHandle<Element>) =>
  el.evaluate((e) => {
    const s = getComputedStyle(e);
    return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
  });

/** The focused element with its role and accessible name as assistive technology gets them. */
async function focused(page: Page): Promise<Focused> {
  const handle = (await page.evaluateHandle(() => document.activeElement)) as ElementHandle<Element>;
  const node = await page.accessibility.snapshot({ root: handle, interestingOnly: false });
  const role =
    node?.role && node.role !== 'none' && node.role !== 'generic'
      ? node.role
      : await handle.evaluate((e) => `<${e.tagName.toLowerCase()} class="${e.className}">`);
  return { handle, role, name: node?.name ?? '', ring: await ringOf(handle) };
}

async function tabTo(page: Page, name: string, shift = false, limit = MAX_TAB_STOPS): Promise<Focused> {
  for (let i = 0; i < limit; i++) {
    if (shift) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (shift) await page.keyboard.up('Shift');
    const now = await focused(page);
    if (now.name === name) return now;
  }
  throw new Error(`Tab never reached ${name}`);
}

const isSame = (a: ElementHandle<Element>, b: ElementHandle<Element>) => a.evaluate((x, y) => x === y, b);

describe('keyboard and assistive technology (issue 4 §12)', () => {
  it('Tab reaches every control, each with an accessible name and a visible focus ring', async () => {
    const page = await openReadyScreen();
    const stops: Focused[] = [];
    const problems: string[] = [];
    for (let i = 0; i < MAX_TAB_STOPS; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      // Focus leaves the page for the browser's own controls between the last stop and the first.
      if (await now.handle.evaluate((e) => e === document.body)) continue;
      if (stops.length > 0 && (await isSame(now.handle, stops[0]!.handle))) break;
      const previous = stops.at(-1);
      // The ring must go away when focus moves on, so it really marks focus.
      if (previous && (await ringOf(previous.handle)) === previous.ring)
        problems.push(`${previous.role} ${previous.name}: no focus ring`);
      stops.push(now);
    }
    const summary = stops.map((s) => `${s.role}: ${s.name} [${s.ring}]`);
    console.log(`tab stops:\n  ${summary.join('\n  ')}`);
    for (const stop of stops) {
      if (!stop.name.trim()) problems.push(`${stop.role} without a name`);
      if (/^none .* \| none$/.test(stop.ring)) problems.push(`${stop.role} ${stop.name}: focus not visible`);
    }
    expect(problems).toEqual([]);
    // Every control of the panel is among them, and the list is one stop (its rows move with the arrows).
    for (const name of [
      t.filter.hidePanel,
      t.filter.status,
      t.filter.area,
      t.filter.district,
      t.filter.searchLabel,
      t.filter.reset,
      t.filter.search,
    ]) {
      expect(
        stops.some((s) => s.name === name),
        name,
      ).toBe(true);
    }
    expect(stops.filter((s) => s.name.includes(machines[0]!.name_en))).toHaveLength(1);
    expect(stops.length).toBeLessThan(MAX_TAB_STOPS);
    await page.close();
  });

  it('the filters work from the keyboard, and the list with the arrow keys and Enter', async () => {
    const page = await openReadyScreen();
    await tabTo(page, t.filter.status);
    await page.keyboard.press('ArrowDown');
    await waitFor(
      () => selectedLabel(page, t.filter.status),
      (l) => l === t.statusGroup.available,
      'the status to change',
    );
    await page.keyboard.press('ArrowUp');
    await waitFor(
      () => selectedLabel(page, t.filter.status),
      (l) => l === t.filter.allStatus,
      'the status to change back',
    );

    const list = await find(page, 'list', t.list.title);
    expect(await list.evaluate((el) => el.tagName)).toBe('UL');
    const first = await tabTo(page, `${machines[0]!.name_en} ${t.list.address}: ${machines[0]!.address_en}`);
    expect(first.role).toBe('button');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const third = machines[2]!;
    await waitFor(
      () => focused(page),
      (f) => f.name.startsWith(third.name_en),
      'the third row to have focus',
    );
    await page.keyboard.press('Enter');
    const popup = await find(page, 'dialog', third.name_en);
    await waitUntilStill(popup);
    // Escape closes the popup.
    await page.keyboard.press('Escape');
    await page.waitForSelector(`::-p-aria([role="dialog"][name="${third.name_en}"])`, { hidden: true });
    // The panel toggle works with the keyboard.
    await tabTo(page, t.filter.hidePanel, true);
    await page.keyboard.press('Enter');
    await find(page, 'button', t.filter.showPanel);
    await page.keyboard.press('Space');
    await find(page, 'combobox', t.filter.status);
    await page.close();
  });

  it('the photo dialog opens from the keyboard, traps focus, and Escape closes it and returns focus', async () => {
    const page = await openReadyScreen();
    const machine = machines.find((m) => m.picture)!;
    const index = machines.indexOf(machine);
    await tabTo(page, `${machines[0]!.name_en} ${t.list.address}: ${machines[0]!.address_en}`);
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await waitFor(
      () => focused(page),
      (f) => f.name.startsWith(machine.name_en),
      `the row of ${machine.name_en}`,
    );
    await page.keyboard.press('Enter');
    await waitUntilStill(await find(page, 'dialog', machine.name_en));
    // The popup's controls come before the panel in the page: Shift+Tab back to the photo.
    const photoName = fill(t.card.openPhoto, { name: machine.name_en });
    const photo = await tabTo(page, photoName, true);
    await page.keyboard.press('Enter');
    await find(page, 'image', fill(t.card.photoDialog, { name: machine.name_en }));
    const inDialog = () =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"][aria-modal="true"]') !== null);
    await waitFor(inDialog, Boolean, 'focus to move into the dialog');
    for (const shift of [false, false, false, true, true, true]) {
      if (shift) await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      if (shift) await page.keyboard.up('Shift');
      expect(await inDialog()).toBe(true);
    }
    const inside = await focused(page);
    expect(inside.name).not.toBe('');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
    await waitFor(
      () => focused(page),
      (f) => f.name === photoName,
      'focus to return to the photo',
    );
    expect(await isSame((await focused(page)).handle, photo.handle)).toBe(true);
    // The popup is still there.
    await find(page, 'dialog', machine.name_en);
    await page.close();
  });
});
