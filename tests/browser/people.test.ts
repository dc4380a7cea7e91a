// Issue 52 point 4, the page: an admin adds a person and an API token in the console, sees each secret once,
// revokes the token, and a call with the revoked token gets 401. One page, signed in once, as one admin would work.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { DESKTOP, MOBILE } from '../../testkit/browser/harness';
import { addPerson, signIn, signOut } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { fill, find, findDialog, gone, waitFor } from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const t = consoleEn;
const app = setupBrowserApp();
const shared = setupSharedPage(app, '/operator/people', {
  ready: async () => {
    await addPerson(app.server, 'ada', 'admin');
    await addPerson(app.server, 'vic', 'viewer');
  },
});

/** The value of the read-only field a secret dialog shows, once it is open. */
async function secretIn(page: Page, label: string): Promise<string> {
  const field = await find(page, 'textbox', label);
  return field.evaluate((input) => (input as HTMLInputElement).value);
}
/** A call with a token, made as a controller makes it: outside the browser, no cookie. */
const callWith = (secret: string) =>
  fetch(app.url('/api/operator/machines'), { headers: { authorization: `Bearer ${secret}` } }).then((r) => r.status);

describe('people and API tokens in the console (issue 52)', { timeout: 120_000 }, () => {
  let secret = '';

  it('lists the people for an admin, with People and API tokens in the navigation', async () => {
    const { page } = shared;
    await signIn(page, 'ada');
    await find(page, 'heading', t.people.title);
    await find(page, 'link', t.tokens.nav);
    const table = await find(page, 'table', t.people.table);
    expect(await table.evaluate((node) => node.textContent)).toContain('vic');
  });

  it('shows a name locked by wrong passwords, and unlocks it with one button (issue 63)', async () => {
    const { page } = shared;
    // A stranger's five wrong passwords for vic, sent from outside the browser as a script would.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fetch(app.url('/api/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ name: 'vic', password: 'a wrong guess at it' }),
      });
    }
    await page.reload();
    const unlock = await find(page, 'button', fill(t.people.unlockOf, { name: 'vic' }));
    const row = () => page.$eval('table', (node) => node.textContent ?? '');
    expect(await row()).toContain(t.people.lockedUntil.split(' {{')[0]);
    await unlock.click();
    await page.waitForSelector(`::-p-text(${JSON.stringify(fill(t.people.unlockedDone, { name: 'vic' }))})`, {
      visible: true,
    });
    await gone(page, 'button', fill(t.people.unlockOf, { name: 'vic' }));
    expect(await row()).not.toContain(t.people.lockedUntil.split(' {{')[0]);
  });

  it('adds a person with a one-time password, shown once, who must choose their own', async () => {
    const { page } = shared;
    await (await find(page, 'button', t.people.add)).click();
    // Clicked once each dialog has come in: while it slides in, a click can land beside its button.
    const adding = await findDialog(page, t.people.addTitle);
    await (await find(adding, 'textbox', t.people.name)).type('olga');
    await (await find(adding, 'checkbox', 'Sha Tin')).click();
    await (await find(adding, 'button', t.people.addSubmit)).click();
    const once = await findDialog(page, fill(t.people.oneTimeTitle, { name: 'olga' }));
    const password = await secretIn(page, t.people.oneTimeLabel);
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await find(once, 'button', t.people.copy);
    await (await find(once, 'button', t.people.kept)).click();
    await gone(page, 'textbox', t.people.oneTimeLabel);
    // The list is read again after the add: its table shows olga once that read has answered.
    const text = await waitFor(
      () => page.$eval('table', (node) => node.textContent ?? ''),
      (text) => text.includes('olga'),
      'olga in the table',
    );
    expect(text).toContain(t.people.mustChange);
    expect(text).not.toContain(password);
  });

  it('makes a token whose secret is shown once, and the token calls the API', async () => {
    const { page } = shared;
    await (await find(page, 'link', t.tokens.nav)).click();
    await find(page, 'heading', t.tokens.title);
    await (await find(page, 'button', t.tokens.new)).click();
    const making = await findDialog(page, t.tokens.newTitle);
    await (await find(making, 'textbox', t.tokens.name)).type('sha-tin-controller');
    await (await find(making, 'button', t.tokens.create)).click();
    const shown = await findDialog(page, fill(t.tokens.secretTitle, { name: 'sha-tin-controller' }));
    secret = await secretIn(page, t.tokens.secretLabel);
    expect(secret).toMatch(/^rvm_[A-Za-z0-9_-]{43}$/);
    expect(await page.$eval('body', (body) => body.textContent ?? '')).toContain(t.people.onlyOnce);
    await (await find(shown, 'button', t.people.kept)).click();
    await gone(page, 'textbox', t.tokens.secretLabel);
    // The tokens are read again after the new one is made: the table shows it once that read has answered.
    await waitFor(
      async () => (await find(page, 'table', t.tokens.table)).evaluate((node) => node.textContent ?? ''),
      (text) => text.includes(secret.slice(0, 8)),
      'the new token in the table',
    );
    expect(await page.content()).not.toContain(secret);
    expect(await callWith(secret)).toBe(200);
  });

  it('revokes the token after a confirmation, and a call with it gets 401', async () => {
    const { page } = shared;
    await (await find(page, 'button', `Revoke sha-tin-controller`)).click();
    const dialog = await findDialog(page, fill(t.tokens.confirmTitle, { name: 'sha-tin-controller' }));
    await (await dialog.waitForSelector(`::-p-aria([role="button"][name="${t.tokens.revoke}"])`))!.click();
    await waitFor(
      () => page.$eval('table', (node) => node.textContent ?? ''),
      (text) => text.includes(t.tokens.state.revoked),
      'the token shown as revoked',
    );
    expect(await callWith(secret)).toBe(401);
  });

  it("shows each person as a card on a phone, each value under its column's name, every button in sight", async () => {
    const { page } = shared;
    await page.setViewport(MOBILE);
    try {
      await page.goto(app.url('/operator/people'));
      const edit = await find(page, 'button', fill(t.people.editOf, { name: 'vic' }));
      const right = async (button: typeof edit) => {
        const box = await button.boundingBox();
        return box ? box.x + box.width : Infinity;
      };
      expect(await right(edit)).toBeLessThanOrEqual(MOBILE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width);
      const label = await page.$eval('table td[data-label]', (cell) => ({
        name: cell.getAttribute('data-label'),
        display: getComputedStyle(cell, '::before').display,
      }));
      expect(label).toEqual({ name: t.people.role, display: 'block' });
    } finally {
      await page.setViewport(DESKTOP);
      await page.goto(app.url('/operator/tokens'));
      await find(page, 'table', t.tokens.table);
    }
  });

  it('has no serious accessibility finding, on a desktop and a phone, and hides both pages from a viewer', async () => {
    const { page } = shared;
    const findings = [...(await seriousFindings(page, 'tokens'))];
    await (await find(page, 'button', t.tokens.new)).click();
    await find(page, 'textbox', t.tokens.name);
    findings.push(...(await seriousFindings(page, 'new token dialog')));
    await page.keyboard.press('Escape');
    await gone(page, 'textbox', t.tokens.name);
    await (await find(page, 'link', t.people.nav)).click();
    await find(page, 'table', t.people.table);
    findings.push(...(await seriousFindings(page, 'people')));
    await page.setViewport(MOBILE);
    await find(page, 'table', t.people.table);
    findings.push(...(await seriousFindings(page, 'people on a phone')));
    await page.setViewport(DESKTOP);
    expect(findings).toEqual([]);

    await signOut(page);
    await signIn(page, 'vic');
    await find(page, 'link', t.console.fleet);
    expect(await page.$(`::-p-aria([role="link"][name="${t.people.nav}"])`)).toBeNull();
    await page.goto(app.url('/operator/people'));
    await page.waitForSelector(`::-p-text(${JSON.stringify(t.people.adminsOnly)})`, { visible: true });
  });
});
