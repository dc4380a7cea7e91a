// Issue 4 §12: every control is reached and operated by keyboard, has an accessible name and a visible
// focus; the Location List is a real list driven by the keyboard; the photo dialog traps focus. Issue 26 §9: axe-core
// finds nothing serious or critical in any state.
// Pages: the keyboard tests share one page with the map (its region and attribution are Tab stops, a chosen machine
// opens its popup on it); each test leaves it as the next one expects. The axe test has its own hosted page (below).
import { describe, expect, it } from 'vitest';
import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import type { FontSize as FontSizeName } from '../../src/config';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { seriousFindings, type AxeFinding } from '../../testkit/browser/axe';
import { setupDemoApp } from './fixture';
import { DESKTOP, MOBILE, REDUCED_MOTION, leaveMapOut, waitForMapReady } from '../../testkit/browser/harness';
import { openHosted } from './hostFrame';
import { setOffline, waitForOfflineReady } from './offline-helpers';
import { setupSharedPage } from './sharedPage';
import {
  LOCALES,
  MESSAGES,
  aria,
  chooseFromList,
  fill,
  find,
  rowName,
  selectedLabel,
  waitFor,
  waitForListLength,
  waitUntilStill,
  type Locale,
} from './screen-helpers';

const t = MESSAGES.en;
const MAX_TAB_STOPS = 60;

const { app, machines } = setupDemoApp();

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

/**
 * The most CSS animations and transitions running at once on the page over `ms`, sampled at each frame; those of
 * a millisecond or less (less motion's way of ending one at once) do not count.
 */
const mostAnimating = (page: Page, ms: number) =>
  page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        let most = 0;
        const end = performance.now() + ms;
        const sample = () => {
          const running = document
            .getAnimations()
            .filter((a) => a.playState === 'running' && Number(a.effect?.getTiming().duration) > 1).length;
          most = Math.max(most, running);
          if (performance.now() < end) requestAnimationFrame(sample);
          else resolve(most);
        };
        requestAnimationFrame(sample);
      }),
    ms,
  );

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

/** Tabs forward until a row of the Location List has focus, whichever row is its Tab stop. */
async function tabToList(page: Page): Promise<void> {
  for (let i = 0; i < MAX_TAB_STOPS; i++) {
    await page.keyboard.press('Tab');
    const inList = await page.evaluate((name) => {
      const list = document.activeElement?.closest('ul[aria-labelledby]');
      return !!list && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent === name;
    }, t.list.title);
    if (inList) return;
  }
  throw new Error('Tab never reached the list');
}

const isSame = (a: ElementHandle<Element>, b: ElementHandle<Element>) => a.evaluate((x, y) => x === y, b);

describe('keyboard and assistive technology (issue 4 §12)', () => {
  // The screen with every machine listed and the map drawn, focus on nothing yet.
  const shared = setupSharedPage(app, '/', {
    ready: async (page) => {
      await waitForListLength(page, t.list.title, machines.length);
      await waitForMapReady(page);
    },
  });

  it('Tab reaches every control, each with an accessible name and a visible focus ring', async () => {
    const { page } = shared;
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
  });

  it('the filters work from the keyboard, and the list with the arrow keys and Enter', async () => {
    const { page } = shared;
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
    const first = await tabTo(page, rowName(machines[0]!));
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
    // Put back for the next test: Home makes the list's first row its Tab stop again.
    await tabToList(page);
    await page.keyboard.press('Home');
    await waitFor(
      () => focused(page),
      (f) => f.name === rowName(machines[0]!),
      'the first row to have focus',
    );
  });

  it('the photo dialog opens from the keyboard, traps focus, and Escape closes it and returns focus', async () => {
    const { page } = shared;
    const machine = machines.find((m) => m.picture)!;
    const index = machines.indexOf(machine);
    await tabTo(page, rowName(machines[0]!));
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
    // The page runs as for a visitor who asked for less motion (the harness's default): the dialog appears without
    // its fade and scale, and nothing on the page animates meanwhile.
    const animating = mostAnimating(page, 1500);
    await page.keyboard.press('Enter');
    await find(page, 'image', fill(t.card.photoDialog, { name: machine.name_en }));
    expect(await animating).toBe(0);
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
  });
});

describe('axe-core, WCAG 2 AA, in every state (issue 26 §9, issue 41 §6)', () => {
  const SIZES: readonly FontSizeName[] = ['sm', 'md', 'lg'];
  /** Every language at every text size. */
  const EVERY = LOCALES.flatMap((locale) => SIZES.map((fontSize) => ({ locale, fontSize })));
  /** Each language once with a different text size: for the dark scheme and the photo dialog. */
  const DIAGONAL: readonly { locale: Locale; fontSize: FontSizeName }[] = [
    { locale: 'en', fontSize: 'sm' },
    { locale: 'zht', fontSize: 'md' },
    { locale: 'zhs', fontSize: 'lg' },
  ];
  /** Where the audited kiosk stands. */
  const KIOSK_HERE = '22.2819,114.1581';

  it('finds nothing serious or critical: panel, popup, photo dialog, mobile list, both notices, kiosk and login, light and dark, every language and text size', async () => {
    const machine = machines.find((m) => m.picture)!;
    let refuseList = false;
    // How long each part took, for the log.
    const phases: string[] = [];
    let phaseStart = Date.now();
    const phase = (what: string) => {
      phases.push(`${what} ${((Date.now() - phaseStart) / 1000).toFixed(0)} s`);
      phaseStart = Date.now();
    };
    // A same-origin host page framing the app: language and text size change live, as a host changes them.
    const hosted = await openHosted(app, '/', {
      apiOverride: (request) => (refuseList && request.path === '/api/rvm/' ? 'refuse' : undefined),
    });
    const { page } = hosted;
    let map = await hosted.frame();
    await waitForListLength(map, t.list.title, machines.length);
    await map.waitForFunction(() => document.documentElement.dataset.mapReady === 'true', { timeout: 60_000 });
    phase('load');
    const findings: AxeFinding[] = [];
    const states: string[] = [];
    const audit = async (where: Frame, state: string) => {
      states.push(state);
      // A dialog fading in has its colours half blended with what is behind it: audit what stays on screen.
      await where.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      findings.push(...(await seriousFindings(where, state)));
    };
    const scheme = async (value: 'light' | 'dark') => {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value }, REDUCED_MOTION]);
      await (
        await hosted.frame()
      ).waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, { timeout: 60_000 }, value);
    };

    // The panel in every language and text size, then a machine's popup, open while the host changes them, and the
    // photo dialog in one text size per language.
    for (const value of ['light', 'dark'] as const) {
      await scheme(value);
      const each = value === 'light' ? EVERY : DIAGONAL;
      for (const { locale, fontSize } of each) {
        const m = MESSAGES[locale];
        map = await hosted.settle({ locale, fontSize });
        await find(map, 'list', m.list.title);
        await audit(map, `${value}, ${locale}, ${fontSize}: panel`);
      }
      for (const [i, { locale, fontSize }] of each.entries()) {
        const m = MESSAGES[locale];
        const name = machine[`name_${locale}`];
        map = await hosted.settle({ locale, fontSize });
        if (i === 0) await chooseFromList(map, m.list.title, name);
        await waitUntilStill(await find(map, 'dialog', name));
        const where = `${value}, ${locale}, ${fontSize}`;
        await audit(map, `${where}: popup`);
        if (DIAGONAL.some((d) => d.locale === locale && d.fontSize === fontSize)) {
          await (await find(map, 'button', fill(m.card.openPhoto, { name }))).click();
          await find(map, 'image', fill(m.card.photoDialog, { name }));
          await audit(map, `${where}: photo dialog`);
          await page.keyboard.press('Escape');
          await map.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
        }
      }
      const name = machine[`name_${each.at(-1)!.locale}`];
      await page.keyboard.press('Escape');
      await map.waitForSelector(aria('dialog', name), { hidden: true });
    }

    phase('panel, popup and photo dialog');

    // The phone's list card (a phone's size without puppeteer's isMobile, whose change would reload the page).
    await page.setViewport({ width: MOBILE.width, height: MOBILE.height });
    for (const value of ['light', 'dark'] as const) {
      await scheme(value);
      for (const { locale, fontSize } of value === 'light' ? EVERY : DIAGONAL.slice(-1)) {
        const m = MESSAGES[locale];
        map = await hosted.settle({ locale, fontSize });
        if (!(await map.$(aria('list', m.list.title)))?.isVisible())
          await (await find(map, 'button', m.list.open)).click();
        await find(map, 'list', m.list.title);
        await audit(map, `${value}, ${locale}, ${fontSize}: mobile list`);
      }
      await (await find(map, 'button', MESSAGES.zhs.list.close)).click();
    }
    await page.setViewport(DESKTOP);
    await scheme('light');
    phase('mobile list');

    // The device without a network: "You are offline", over the list it keeps.
    await waitForOfflineReady(map);
    await setOffline(app.browser, page, true);
    for (const { locale, fontSize } of EVERY) {
      const m = MESSAGES[locale];
      map = await hosted.settle({ locale, fontSize });
      await map.waitForSelector(`::-p-text(${m.offline.title})`, { visible: true, timeout: 30_000 });
      await map.waitForSelector(`::-p-text(${m.offline.keptList})`, { visible: true });
      await audit(map, `light, ${locale}, ${fontSize}: offline notice`);
    }
    await setOffline(app.browser, page, false);
    phase('offline');

    // A kiosk that knows its place (its list tells the walk to each machine, the map says "You are here"),
    // at a kiosk's screen size.
    await page.setViewport({ width: 1920, height: 1080 });
    map = await hosted.navigate(`/?kiosk=1&here=${KIOSK_HERE}`);
    await waitForListLength(map, t.list.title, machines.length, 60_000);
    for (const value of ['light', 'dark'] as const) {
      await scheme(value);
      for (const { locale, fontSize } of value === 'light' ? EVERY : DIAGONAL.slice(-1)) {
        map = await hosted.settle({ locale, fontSize });
        await map.waitForSelector(`::-p-text(${MESSAGES[locale].kiosk.here})`, { visible: true });
        await audit(map, `${value}, ${locale}, ${fontSize}: kiosk`);
      }
    }
    await page.setViewport(DESKTOP);
    await scheme('light');
    phase('kiosk');

    // The server not answering and the login page are audited without the map from here on (the frame's next
    // loads leave it out): the states above audited its region and attribution in every language and text size.
    await leaveMapOut(page);

    // The device online, the server not answering: the page says the service cannot be reached and tries again.
    refuseList = true;
    await hosted.navigate('/');
    for (const { locale, fontSize } of EVERY) {
      const m = MESSAGES[locale];
      map = await hosted.settle({ locale, fontSize });
      await map.waitForSelector(`::-p-text(${m.offline.unreachableTitle})`, { visible: true, timeout: 30_000 });
      await map.waitForSelector(`::-p-text(${m.offline.unreachableKeptList})`, { visible: true });
      await audit(map, `light, ${locale}, ${fontSize}: server unreachable notice`);
    }
    refuseList = false;
    phase('unreachable');

    // The login page.
    await hosted.navigate('/login');
    for (const value of ['light', 'dark'] as const) {
      await scheme(value);
      const inFrame = await hosted.frame();
      await (await find(inFrame, 'textbox', consoleEn.login.username)).type('operator');
      await (await inFrame.waitForSelector('input[type="password"]'))!.type('secret');
      await (await find(inFrame, 'button', consoleEn.login.submit)).click();
      // The server's refusal (no such account), shown above the button.
      await inFrame.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent?.trim());
      await audit(inFrame, `${value}: login`);
      // The next round must type into the reloaded form, not into this one as it goes. The reload waits for the
      // evaluation's answer: a reload inside it can destroy its context before it answers.
      await Promise.all([
        inFrame.waitForNavigation(),
        inFrame.evaluate(() => void setTimeout(() => location.reload())),
      ]);
    }
    phase('login');

    const counts = new Map<string, number>();
    for (const state of states) {
      const kind = state.split(': ').at(-1)!;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    console.log(
      `axe: ${states.length} states (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}), ${findings.length} serious or critical findings; ${phases.join(', ')}`,
    );
    expect(findings.map((f) => `${f.state}: ${f.rule} (${f.impact}) at ${f.target}: ${f.summary}`)).toEqual([]);
    await page.close();
  }, 1_500_000);
});
