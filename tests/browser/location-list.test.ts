// Issue 4 §1 on a desktop: the Location List beside the map, on the real server with the demo data. Issue 41 §1
// and §3: what a screen reader hears of each row, and how many rows a visitor sees at each language and text size.
// One hosted page for the whole file, without the map (see below).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FontSize } from '../../src/config';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { ARTIFACTS, DESKTOP, MOBILE } from '../../testkit/browser/harness';
import { listFit, offScreen, openHosted, type HostedApp } from './hostFrame';
import {
  LOCALES,
  MESSAGES,
  fill,
  find,
  htmlToText,
  listItemTexts,
  outOfService,
  spokenLabel,
  textOf,
  waitForListLength,
  type Locale,
} from './screen-helpers';

const t = MESSAGES.en;
const LIST = t.list.title;
const SIZES: readonly FontSize[] = ['sm', 'md', 'lg'];
const MIN_ROWS = { desktop: 5, mobile: 6 };

const { app, machines } = setupDemoApp();

/**
 * One page for the file: the app in a frame whose host changes the language and the text size live. Its list call is
 * answered with the demo data, one machine in each state a row can say first. The map is left out: these tests read
 * the list and the panel only.
 */
let hosted: HostedApp;
let ordered: ReturnType<typeof statesFirst>;
beforeAll(async () => {
  ordered = statesFirst(machines);
  const body = { success: true, rvms: ordered.rvms };
  hosted = await openHosted(app, '/', {
    map: false,
    apiOverride: (request) => (request.path === '/api/rvm/' ? { status: 200, body } : undefined),
  });
  await waitForListLength(await hosted.frame(), LIST, machines.length);
});

describe('Location List (issue 4 §1)', () => {
  it('is a real list with the count, an Address column and every machine with its address, and it scrolls', async () => {
    const frame = await hosted.frame();
    await frame.waitForSelector(`::-p-text(${fill(t.list.count, { count: machines.length })})`);
    const heading = await find(frame, 'heading', 'Location List');
    expect(await textOf(heading)).toBe('Location List');
    const column = await frame.waitForSelector('::-p-text(Address)', { visible: true });
    expect(await column!.evaluate((el) => el.textContent)).toBe('Address');
    const texts = await listItemTexts(frame, LIST);
    expect(texts).toHaveLength(machines.length);
    texts.forEach((text, i) => {
      const m = ordered.rvms[i]!;
      expect(text).toContain(m.name_en);
      expect(text).toContain(m.address_en);
    });
    // The list scrolls inside the panel; the page itself does not.
    const list = await find(frame, 'list', LIST);
    const scroller = await list.evaluateHandle((el) => {
      let box = el.parentElement!;
      while (!/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement!;
      return box;
    });
    const scroll = await scroller.evaluate((el) => ({ client: el.clientHeight, content: el.scrollHeight }));
    expect(scroll.content).toBeGreaterThan(scroll.client * 3);
    await scroller.evaluate((el) => el.scrollTo({ top: 100_000 }));
    const last = await frame.waitForSelector(`::-p-text(${ordered.rvms.at(-1)!.name_en})`, { visible: true });
    expect(await last!.isIntersectingViewport()).toBe(true);
    expect(await frame.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    // Back to the top, where the next tests read the first rows.
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  });
});

/** One machine in each state a row can say, first in the list; the stale one has not reported for three hours. */
function statesFirst(all: readonly Machine[]) {
  const inService = (m: Machine) => !outOfService(m);
  const pick = (pred: (m: Machine) => boolean) => all.find(pred)!;
  const states = {
    available: pick((m) => inService(m) && m.status === '>40%'),
    nearlyFull: pick((m) => inService(m) && m.status === '<=20%'),
    full: pick((m) => inService(m) && m.status === 'Full'),
    maintenance: pick((m) => m.under_maintenance),
    stale: pick((m) => inService(m) && m.status === '<=40%'),
  };
  const stale = { ...states.stale, last_online: new Date(Date.now() - 3 * 60 * 60_000).toISOString() };
  const first = [states.available, states.nearlyFull, states.full, states.maintenance, stale];
  const rest = all.filter((m) => !Object.values(states).includes(m));
  return { states, rvms: [...first, ...rest] };
}

/**
 * The accessible names of the list's buttons, from the browser's accessibility tree (the iframe's included): the
 * tree a screen reader reads, where the list is the region its heading names.
 */
async function rowNames(hosted: HostedApp, listName: string): Promise<string[]> {
  interface AxNode {
    role: string;
    name?: string;
    children?: AxNode[];
  }
  const tree = (await hosted.page.accessibility.snapshot({ includeIframes: true })) as AxNode | null;
  const find = (node: AxNode | undefined, pred: (n: AxNode) => boolean): AxNode[] =>
    node ? [...(pred(node) ? [node] : []), ...(node.children ?? []).flatMap((c) => find(c, pred))] : [];
  const list = find(tree ?? undefined, (n) => n.role === 'region' && n.name === listName)[0];
  if (!list) throw new Error(`no list ${listName} in the accessibility tree`);
  return find(list, (n) => n.role === 'button').map((n) => n.name ?? '');
}

describe('a visitor who cannot see the map (issue 41 §1), and the list that fits (§3)', () => {
  it('reads each row as its name, its address and then its status, once, in every language', async () => {
    const { states } = ordered;
    const expected: [Machine, string][] = [
      [states.available, 'capacity.>40%'],
      [states.nearlyFull, 'capacity.<=20%'],
      [states.full, 'capacity.Full'],
      [states.maintenance, 'capacity.null'],
      [states.stale, 'freshness.stale'],
    ];
    for (const locale of LOCALES) {
      const m = MESSAGES[locale];
      const frame = await hosted.settle({ locale, fontSize: 'sm' });
      await find(frame, 'heading', m.list.title);
      const names = await rowNames(hosted, m.list.title);
      const wanted = [];
      for (const [machine, key] of expected) {
        const [group, caption] = key.split('.') as [keyof typeof m, string];
        const status = await htmlToText(frame, (m[group] as Record<string, string>)[caption]!);
        wanted.push(
          `${machine[`name_${locale}`]} ${spokenLabel(m, m.list.address, machine[`address_${locale}`])}${fill(m.list.rowStatus, { status })}`,
        );
        // Said once: the picture beside the name has no text of its own.
        const said = names.find((n) => n.startsWith(machine[`name_${locale}`]))!;
        expect(said.split(status).length - 1, `${locale}: ${said}`).toBe(1);
      }
      expect(names.slice(0, expected.length)).toEqual(wanted);
    }
  });

  it(`shows at least ${MIN_ROWS.desktop} whole rows on a 1280x800 desktop and ${MIN_ROWS.mobile} on a 390x844 phone, every control on screen, in every language and text size`, async () => {
    const seen: string[] = [];
    const short: string[] = [];
    const shoot = async (name: string) => {
      const png = await hosted.page.screenshot();
      await writeFile(join(ARTIFACTS, `rows-${name}.png`), png);
    };
    const check = async (frame: Frame, device: keyof typeof MIN_ROWS, locale: Locale, fontSize: FontSize) => {
      const m = MESSAGES[locale];
      const fit = await listFit(frame, m.list.title);
      const controls: [string, string][] =
        device === 'desktop'
          ? [
              ['button', m.filter.hidePanel],
              ['searchbox', m.filter.searchLabel],
              ['button', m.filter.search],
              ['combobox', m.filter.status],
              ['combobox', m.filter.area],
              ['combobox', m.filter.district],
              ['switch', m.openNow.filter],
              ['button', m.filter.reset],
              ['button', m.nearby.nearMe],
              ['button', m.nearby.nearest],
              ['heading', m.list.title],
            ]
          : [
              ['searchbox', m.filter.searchLabel],
              ['button', m.list.close],
              ['heading', m.list.title],
            ];
      const missing = await offScreen(frame, controls);
      const where = `${device} ${locale} ${fontSize}`;
      seen.push(`${where}: ${fit.wholeRows} rows`);
      if (fit.wholeRows < MIN_ROWS[device] || fit.panelScrolls || missing.length > 0)
        short.push(`${where}: ${fit.wholeRows} rows, panel scrolls ${fit.panelScrolls}, off screen: ${missing}`);
      await shoot(`${device}-${locale}-${fontSize}`);
    };

    await hosted.page.setViewport(DESKTOP);
    for (const locale of LOCALES)
      for (const fontSize of SIZES) await check(await hosted.settle({ locale, fontSize }), 'desktop', locale, fontSize);

    // A phone's size (without puppeteer's isMobile, whose change would reload the page).
    await hosted.page.setViewport({ width: MOBILE.width, height: MOBILE.height });
    const frame = await hosted.settle({ locale: 'en', fontSize: 'sm' });
    await (await find(frame, 'button', t.list.open)).click();
    for (const locale of LOCALES)
      for (const fontSize of SIZES) await check(await hosted.settle({ locale, fontSize }), 'mobile', locale, fontSize);
    await hosted.page.setViewport(DESKTOP);

    console.log(`whole rows in view:\n  ${seen.join('\n  ')}`);
    expect(short).toEqual([]);
  });
});
