// Issue 50, the page: the login route and the operator console against the built app and the real server, people
// added with the `user` command. One page, signed in once, carries the tests in order, as one person would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { addPerson, PASSWORD, signIn, signOut } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { DESKTOP, MOBILE, ROOT } from '../../testkit/browser/harness';
import { setupSharedPage } from './sharedPage';
import { aria, fill, find, textOf, waitFor } from './screen-helpers';

const t = consoleEn;
const MACHINE = 'RVM-001';
const MACHINE_NAME = 'Sheung Wan Municipal Services Building';
const PHOTO = join(ROOT, 'assets/photos/rvm-004.png');

const app = setupBrowserApp();
const shared = setupSharedPage(app, `/operator/machines/${MACHINE}`, {
  ready: async () => {
    await addPerson(app.server, 'ada', 'admin');
    await addPerson(app.server, 'vic', 'viewer');
    await addPerson(app.server, 'nova', 'operator', { mustChangePassword: true });
  },
});

const path = (page: Page) => page.evaluate(() => location.pathname + location.search);
const field = (page: Page, label: string) => find(page, 'textbox', label);
/** Waits for a visible text: a message, which has a role (alert, status) but no name of its own. */
async function shows(page: Page, text: string) {
  await page.waitForSelector(`::-p-text(${JSON.stringify(text)})`, { visible: true, timeout: 30_000 });
}
async function waitForPath(page: Page, expected: string) {
  await waitFor(
    () => path(page),
    (p) => p === expected,
    `the address ${expected}`,
  );
}

describe('the login route and the operator console (issue 50)', { timeout: 120_000 }, () => {
  it('sends a visitor without a session to /login?next=, refuses a wrong password, and returns after sign-in', async () => {
    const { page } = shared;
    const next = `/login?next=${encodeURIComponent(`/operator/machines/${MACHINE}`)}`;
    const entries = await page.evaluate(() => history.length);
    await waitForPath(page, next);
    // Replaced, not pushed: Back does not return to the console that refused.
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await signIn(page, 'ada', 'not the password');
    await shows(page, t.error.badCredentials);
    expect(await path(page)).toBe(next);

    await signIn(page, 'ada');
    await waitForPath(page, `/operator/machines/${MACHINE}`);
    await find(page, 'heading', MACHINE_NAME);
  });

  it('checks a value as it is typed, beside its field, and sends nothing while one is wrong', async () => {
    const { page } = shared;
    const name = await field(page, t.machine.name);
    await name.type('x'.repeat(200));
    await find(page, 'button', t.machine.save);
    const saveDisabled = () =>
      page.$eval(aria('button', t.machine.save), (button) => (button as HTMLButtonElement).disabled);
    await waitFor(saveDisabled, (disabled) => disabled, 'Save to be disabled');
    const described = await name.evaluate((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
    expect(described).toContain(fill(t.problem.textLength, { count: 200 }));
    await (await find(page, 'button', t.machine.discard)).click();
    expect(await name.evaluate((input) => (input as HTMLInputElement).value)).toBe(MACHINE_NAME);
  });

  it('puts the machine into maintenance, and the change is saved and shown by the public list', async () => {
    const { page } = shared;
    await (await find(page, 'switch', t.machine.underMaintenance)).click();
    await (await find(page, 'button', t.machine.save)).click();
    await shows(page, t.console.saved);
    const rvms = await page.evaluate(async () => {
      const answer = await fetch('/api/rvm/', { method: 'POST' });
      return ((await answer.json()) as { rvms: { id: string; under_maintenance: boolean }[] }).rvms;
    });
    expect(rvms.find((m) => m.id === 'RVM-001')?.under_maintenance).toBe(true);
  });

  it('refuses a file that is not an image and keeps the old photo, then uploads and attaches a photo', async () => {
    const { page } = shared;
    const chooser = async (file: string) => {
      const [picker] = await Promise.all([
        page.waitForFileChooser(),
        (await find(page, 'button', t.photo.choose)).click(),
      ]);
      await picker.accept([file]);
    };
    const currentPhoto = async () => {
      const photo = await find(page, 'image', fill(t.photo.current, { name: MACHINE_NAME }));
      return photo.evaluate((img) => (img as HTMLImageElement).src);
    };
    const before = await currentPhoto();
    await chooser(join(ROOT, 'package.json'));
    await shows(page, fill(t.photo.wrongType, { file: 'package.json' }));
    expect(await currentPhoto()).toBe(before);
    await chooser(PHOTO);
    await find(page, 'image', fill(t.photo.preview, { file: 'rvm-004.png' }));
    await (await find(page, 'button', t.photo.upload)).click();
    await shows(page, t.photo.attached);
    const src = await currentPhoto();
    expect(src).not.toBe(before);
    const stored = await page.evaluate(
      async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()).length,
      src,
    );
    expect(stored).toBe(readFileSync(PHOTO).length);
  });

  it("draws the machine's history and gives its figures as a table", async () => {
    const { page } = shared;
    await find(page, 'heading', t.history.states);
    await find(page, 'heading', t.history.fullPerDay);
    // Each chart draws its picture once it has measured the box it fills, a frame or more after its heading shows.
    const charts = await waitFor(
      () => page.$$eval('.recharts-surface', (svgs) => svgs.length),
      (count) => count >= 2,
      'both charts drawn',
    );
    expect(charts).toBe(2);
  });

  it('names ada in the audit log, filters by machine, and downloads the same as CSV', async () => {
    const { page } = shared;
    await (await find(page, 'link', t.console.audit)).click();
    await waitForPath(page, '/operator/audit');
    const table = await find(page, 'table', t.audit.table);
    await waitFor(
      () => textOf(table),
      (text) => text.includes('ada') && text.includes(MACHINE),
      'ada in the log',
    );
    const link = await find(page, 'link', t.audit.download);
    const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
    const csv = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return { type: answer.headers.get('content-type'), text: await answer.text() };
    }, href);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.text).toContain('ada');
  });

  it('has no serious accessibility finding on the fleet, a machine, the audit log and the login page', async () => {
    const { page } = shared;
    const findings = [...(await seriousFindings(page, 'audit'))];
    await (await find(page, 'link', t.console.fleet)).click();
    await find(page, 'table', t.fleet.table);
    findings.push(...(await seriousFindings(page, 'fleet')));
    // On a phone each machine is a card, as tall as its texts: none runs into the next.
    await page.setViewport(MOBILE);
    // Back to the desktop, passed or failed: the tests after this one work on it.
    try {
      await page.waitForSelector('[role="table"][data-layout="cards"] [role="row"][aria-rowindex="5"]');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const cards = await page.$$eval('[role="table"] [role="rowgroup"] + [role="rowgroup"] > [role="row"]', (rows) =>
        rows.map((row) => ({ box: row.getBoundingClientRect().toJSON() as DOMRect, content: row.scrollHeight })),
      );
      expect(cards.length).toBeGreaterThan(3);
      cards.sort((a, b) => a.box.top - b.box.top);
      cards.forEach(({ box, content }, i) => {
        expect(content, `card ${i}'s content`).toBeLessThanOrEqual(box.height + 1);
        const next = cards[i + 1];
        if (next) expect(box.bottom, `card ${i}'s bottom`).toBeLessThanOrEqual(next.box.top + 0.5);
      });
      findings.push(...(await seriousFindings(page, 'fleet on a phone')));
    } finally {
      await page.setViewport(DESKTOP);
    }
    await page.goto(app.url(`/operator/machines/${MACHINE}`));
    await find(page, 'heading', t.history.states);
    findings.push(...(await seriousFindings(page, 'machine')));
    await signOut(page);
    await find(page, 'button', t.login.submit);
    findings.push(...(await seriousFindings(page, 'login')));
    expect(findings).toEqual([]);
  });

  it('lets a viewer read a machine but change nothing', async () => {
    const { page } = shared;
    await signIn(page, 'vic');
    await waitForPath(page, '/operator');
    await page.goto(app.url(`/operator/machines/${MACHINE}`));
    await shows(page, t.console.readOnly);
    // Disabled by its fieldset, as every field of the form: the property of the input itself stays false.
    const name = await field(page, t.machine.name);
    expect(await name.evaluate((input) => input.matches(':disabled'))).toBe(true);
    expect(await page.$(aria('button', t.machine.save))).toBeNull();
    await signOut(page);
  });

  it('asks a person with a given password for a new one before the console', async () => {
    const { page } = shared;
    await signIn(page, 'nova');
    await find(page, 'heading', t.login.changeTitle);
    const type = async (label: string, text: string) => {
      const input = await page.waitForSelector(`::-p-aria(${label})`, { visible: true });
      await input!.type(text);
    };
    await type(t.login.currentPassword, PASSWORD);
    await type(t.login.newPassword, 'a brand new passphrase');
    await type(t.login.repeatPassword, 'a brand new passphrase');
    await (await find(page, 'button', t.login.changeSubmit)).click();
    await waitForPath(page, '/operator');
    await find(page, 'table', t.fleet.table);
    expect(shared.errors.filter((e) => !/\b40[13]\b/.test(e))).toEqual([]);
  });
});
