// What the map-screen browser tests share: the locale texts, the server's machines, and ways to find
// and operate things on screen by role, name and visible text.
import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import en from '../../src/i18n/locales/en.json';
import zht from '../../src/i18n/locales/zht.json';
import zhs from '../../src/i18n/locales/zhs.json';
import type { LocaleMessages } from '../../src/i18n/translate';
import type { PluralForms } from '../../src/i18n/plural';
import type { Machine } from '../../shared/machine';
import type { BrowserApp } from './fixture';
import { waitForMapReady, type OpenPageOptions } from '../../testkit/browser/harness';

export type Locale = 'en' | 'zht' | 'zhs';
export type Messages = LocaleMessages;
export const LOCALES: readonly Locale[] = ['en', 'zht', 'zhs'];
export const MESSAGES: Record<Locale, Messages> = { en, zht, zhs };
/** Chromium's accessibility tree calls an <img> 'image'. */
export const IMAGE = 'image';

type Where = Page | Frame;

/**
 * A locale text with its `{{name}}` placeholders filled, as rosetta does. Of a plural translation, the form English
 * rules choose for `count`, else `other`: the Chinese files have that form only.
 */
export function fill(template: string | PluralForms, params: Record<string, string | number>): string {
  if (typeof template !== 'string') {
    const form = new Intl.PluralRules('en').select(Number(params.count));
    return fill(template[form] ?? template.other, params);
  }
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** The machines the page shows: as the server sends them, less the deactivated ones the page hides. */
export async function fetchMachines(serverUrl: string): Promise<Machine[]> {
  const response = await fetch(`${serverUrl}/api/rvm/`, { method: 'POST' });
  return ((await response.json()) as { rvms: Machine[] }).rvms.filter((m) => !m.deactivated);
}

export function machineById(machines: readonly Machine[], id: string): Machine {
  const machine = machines.find((m) => m.id === id);
  if (!machine) throw new Error(`no machine ${id} in the demo data`);
  return machine;
}

/** Under maintenance or out of service: the Maintenance row of docs/spec.md#display-states. */
export const outOfService = (m: Machine) => m.under_maintenance || m.service_status === 1;

const ENTITIES: Record<string, string> = { '&ge;': '≥', '&le;': '≤', '&amp;': '&' };

/**
 * A Location List row as a screen reader names it: the name, the address, then the status caption (of a machine
 * that reports on time).
 */
export function rowName(machine: Machine, locale: Locale = 'en'): string {
  const m = MESSAGES[locale];
  const caption = m.capacity[outOfService(machine) || machine.status === null ? 'null' : machine.status];
  const status = caption.replace(/&\w+;/g, (entity) => {
    const text = ENTITIES[entity];
    if (text === undefined) throw new Error(`rowName does not know ${entity}`);
    return text;
  });
  const address = machine[`address_${locale}`];
  return `${machine[`name_${locale}`]} ${spokenLabel(m, m.list.address, address)}${fill(m.list.rowStatus, { status })}`;
}

/**
 * A hidden label and the value after it, as a row's accessible name reads them: the label's own colon ("Address:",
 * "地址："), then the one space the browser puts between the two elements.
 */
export function spokenLabel(m: Messages, label: string, value: string): string {
  return `${label}${m.punctuation.colon.trimEnd()} ${value}`;
}

/** Opens the page in English and waits until the Location List shows every machine. */
export async function openScreen(
  app: BrowserApp,
  machines: readonly Machine[],
  options: OpenPageOptions = {},
): Promise<Page> {
  const { page } = await app.openPage('/', options);
  await waitForListLength(page, MESSAGES.en.list.title, machines.length);
  return page;
}

/** Chooses the machine in the (English) Location List, as a visitor would, and returns its popup. */
export async function openCard(where: Where, name: string): Promise<ElementHandle<Element>> {
  await chooseFromList(where, MESSAGES.en.list.title, name);
  return find(where, 'dialog', name);
}

/** Opens a machine's popup once the map is ready, waits until the map has stopped flying and returns the popup. */
export async function openPopup(page: Page, machine: Machine): Promise<ElementHandle<Element>> {
  await waitForMapReady(page);
  const popup = await openCard(page, machine.name_en);
  await waitUntilStill(popup);
  return popup;
}

/** `[role="…"][name="…"]` as a puppeteer ARIA selector. */
export function aria(role: string, name?: string): string {
  return name === undefined
    ? `::-p-aria([role="${role}"])`
    : `::-p-aria([role="${role}"][name="${name.replace(/"/g, '\\"')}"])`;
}

export async function find(
  where: Where | ElementHandle<Element>,
  role: string,
  name: string,
  timeout = 30_000,
): Promise<ElementHandle<Element>> {
  const handle = await where.waitForSelector(aria(role, name), { visible: true, timeout });
  if (!handle) throw new Error(`no ${role} named ${name}`);
  return handle;
}

/**
 * Waits until an element has come to rest: it and everything around it wholly opaque, with no transition running. A
 * Mantine modal is in the page, transparent, a frame before it fades in and slides down 30 px for 200 ms (longer
 * between frames on a busy machine): a click aimed at a button in it before then can land beside it.
 */
export async function atRest(handle: ElementHandle<Element>, timeout = 15_000): Promise<void> {
  await handle.evaluate(async (el, timeout) => {
    const deadline = performance.now() + timeout;
    for (;;) {
      let resting = true;
      for (let node: Element | null = el; node && resting; node = node.parentElement) {
        const moving = node
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        if (moving || getComputedStyle(node).opacity !== '1') resting = false;
      }
      if (resting) return;
      if (performance.now() > deadline) throw new Error(`still coming in after ${timeout} ms`);
      // The next frame, or 50 ms in a tab behind another, which draws none.
      await new Promise((r) => {
        requestAnimationFrame(r);
        setTimeout(r, 50);
      });
    }
  }, timeout);
}

/** A dialog found by its name once it has come in (see atRest): what is in it can be clicked where it shows. */
export async function findDialog(where: Where, name: string, timeout = 30_000): Promise<ElementHandle<Element>> {
  const dialog = await find(where, 'dialog', name, timeout);
  await atRest(dialog);
  return dialog;
}

/** Waits until nothing with this role and name is visible any more. */
export async function gone(where: Where, role: string, name: string, timeout = 15_000): Promise<void> {
  await where.waitForSelector(aria(role, name), { hidden: true, timeout });
}

/** The visible labels of a select's options, in order. */
export async function optionLabels(where: Where, selectName: string): Promise<string[]> {
  const select = await find(where, 'combobox', selectName);
  return select.$$eval('option', (options) => options.map((o) => o.textContent ?? ''));
}

/** The label of the option a select shows. */
export async function selectedLabel(where: Where, selectName: string): Promise<string> {
  const select = await find(where, 'combobox', selectName);
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    return s.options[s.selectedIndex]?.textContent ?? '';
  });
}

/** Chooses an option by its visible label, as a person picking from the drop-down. */
export async function chooseOption(where: Where, selectName: string, optionLabel: string): Promise<void> {
  const select = await find(where, 'combobox', selectName);
  const value = await select.$$eval(
    'option',
    (options, label) => options.find((o) => o.textContent === label)?.value,
    optionLabel,
  );
  if (value === undefined) throw new Error(`${selectName} has no option ${optionLabel}`);
  await select.select(value);
}

/**
 * The whole list's items, one string of visible text per item, read as a person does: the list draws only
 * the rows in view, so it is scrolled from the top to the bottom, a viewport at a time, and scrolled back.
 * Each item tells its place (aria-posinset) and the list's length (aria-setsize). Read until two readings
 * agree, so a list that changes while it is read (a search answering) is not returned half old, half new.
 */
export async function listItemTexts(where: Where, listName: string): Promise<string[]> {
  const list = await where.$(aria('list', listName));
  if (!list) throw new Error(`no list named ${listName}`);
  const viewport = await listViewport(list);
  // Written without inner named functions: tsx (the screenshot script) would wrap them in a helper the page lacks.
  return list.evaluate(async (ul, viewport) => {
    const scrolledFrom = viewport.scrollTop;
    let previous = '';
    for (let reading = 0; reading < 10; reading++) {
      const texts = new Map<number, string>();
      let setSize = 0;
      viewport.scrollTop = 0;
      for (let last = -1; ;) {
        await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        for (const li of ul.querySelectorAll<HTMLElement>(':scope > li')) {
          texts.set(Number(li.getAttribute('aria-posinset')), li.innerText);
          setSize = Number(li.getAttribute('aria-setsize'));
        }
        if (viewport.scrollTop === last) break;
        last = viewport.scrollTop;
        viewport.scrollTop += Math.max(1, viewport.clientHeight - 8);
      }
      const positions = [...texts.keys()].sort((a, b) => a - b);
      const whole = positions.length === setSize && positions.every((position, i) => position === i + 1);
      const current = whole ? JSON.stringify(positions.map((position) => texts.get(position))) : '';
      if (current && current === previous) {
        viewport.scrollTop = scrolledFrom;
        return JSON.parse(current) as string[];
      }
      previous = current;
    }
    viewport.scrollTop = scrolledFrom;
    throw new Error('the list kept changing while it was read');
  }, viewport);
}

/** The element that scrolls a list, of which the list draws only the rows in view. */
async function listViewport(list: ElementHandle<Element>): Promise<ElementHandle<Element>> {
  const handle = await list.evaluateHandle((ul) => {
    let element = ul.parentElement;
    while (element && !['auto', 'scroll'].includes(getComputedStyle(element).overflowY))
      element = element.parentElement;
    return element;
  });
  const viewport = handle.asElement();
  if (!viewport) throw new Error('the list has no scrolling viewport');
  return viewport as ElementHandle<Element>;
}

/** Polls `probe` until `ok` holds for its value (a condition, never a fixed sleep); returns that value. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (ok(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the named list has `count` items and returns their texts. */
export function waitForListLength(where: Where, listName: string, count: number, timeout = 30_000): Promise<string[]> {
  return waitFor(
    () => listItemTexts(where, listName),
    (t) => t.length === count,
    `${listName} to have ${count} items`,
    timeout,
  );
}

/** Scrolls the list to the entry showing this machine name, as a person looking for it, and clicks it. */
export async function chooseFromList(where: Where, listName: string, machineName: string): Promise<void> {
  const list = await find(where, 'list', listName);
  const viewport = await listViewport(list);
  await list.evaluate(
    async (ul, viewport, name) => {
      viewport.scrollTop = 0;
      for (let last = -1; ;) {
        await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        const row = [...ul.querySelectorAll<HTMLElement>(':scope > li')].find((li) => li.innerText.includes(name));
        if (row) {
          row.scrollIntoView({ block: 'nearest' });
          return;
        }
        if (viewport.scrollTop === last) throw new Error(`no entry ${name} in the list`);
        last = viewport.scrollTop;
        viewport.scrollTop += Math.max(1, viewport.clientHeight - 8);
      }
    },
    viewport,
    machineName,
  );
  const entry = await list.waitForSelector(`::-p-text(${machineName})`, { visible: true });
  await entry!.click();
}

/** Waits until an element stops moving (the map flies to a chosen machine, and its popup with it). */
export async function waitUntilStill(handle: ElementHandle<Element>): Promise<void> {
  // Written without inner named functions: tsx (the screenshot script) would wrap them in a helper the page lacks.
  await handle.evaluate(async (el) => {
    let last = '';
    let still = 0;
    const started = performance.now();
    while (still < 10) {
      await new Promise((r) => requestAnimationFrame(r));
      const r = el.getBoundingClientRect();
      const now = `${r.x},${r.y},${r.width},${r.height}`;
      still = now === last ? still + 1 : 0;
      last = now;
      if (performance.now() - started > 20_000) throw new Error('still moving after 20 s');
    }
  });
}

/** Visible text of an element as it reads on screen. */
export function textOf(handle: ElementHandle<Element>): Promise<string> {
  return handle.evaluate((el) => (el as HTMLElement).innerText);
}

/** Plain text of a translation that holds HTML entities (the capacity captions). */
export function htmlToText(where: Where, html: string): Promise<string> {
  return where.evaluate((h) => {
    const div = document.createElement('div');
    div.innerHTML = h;
    return div.textContent ?? '';
  }, html);
}

/** Images on screen that did not load (a broken image has no natural width). */
export function brokenImages(where: Where): Promise<string[]> {
  return where.evaluate(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().width > 0 && img.checkVisibility())
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}

/** Waits until every visible image has finished loading, then returns the broken ones. */
export async function waitForImages(where: Where): Promise<string[]> {
  await where.waitForFunction(
    () => [...document.images].filter((img) => img.checkVisibility()).every((img) => img.complete),
    { timeout: 15_000 },
  );
  return brokenImages(where);
}
