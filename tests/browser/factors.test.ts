// Issue 66: one-time codes, recovery codes and the step-up in the console. Every test shares one page, opened on
// /operator/security (the sign-in page first), without the map; ada, an admin, works through it as a person would,
// and ben, an admin the policy then asks for a second factor, is led to set one up. cy, a viewer, adds a passkey in
// DevTools' virtual authenticator on the same page opened at http://localhost (Chromium takes no IP address as a
// relying party), and signs in with it alone, after the password, and for a step-up.
import Database from 'better-sqlite3';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { codeAt, fromBase32, stepOf } from '../../server/accounts/totp';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import zht from '../../src/operator/i18n/locales/zht.json';
import zhs from '../../src/operator/i18n/locales/zhs.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { addPerson, PASSWORD, signIn, signOut } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { find, findDialog, gone, IMAGE, waitFor } from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const t = consoleEn;
const app = setupBrowserApp({ env: { RVM_FACTOR_KEY: 'ab'.repeat(32) } });
const shared = setupSharedPage(app, '/operator/security', {
  map: false,
  ready: async () => {
    await addPerson(app.server, 'ada', 'admin');
    await addPerson(app.server, 'ben', 'admin');
    await addPerson(app.server, 'cy', 'viewer');
  },
});

/** Presses Enter on the control of this role and name, reached as the keyboard reaches it. */
async function pressOn(page: Page, role: string, label: string): Promise<void> {
  await (await find(page, role, label)).focus();
  await page.keyboard.press('Enter');
}

/** The value of a read-only field, found by its label. */
async function valueOf(page: Page, role: string, label: string): Promise<string> {
  return (await find(page, role, label)).evaluate((field) => (field as HTMLInputElement).value);
}

/** Types into the field of this label, as a person does, then presses Enter. */
async function typeAndEnter(page: Page, role: string, label: string, text: string): Promise<void> {
  const field = await find(page, role, label);
  await field.click({ count: 3 });
  await field.type(text);
  await page.keyboard.press('Enter');
}

/** The console after signing in (the fleet, as a sign-in without a page to go back to), then its security page. */
async function toSecurityPage(page: Page): Promise<void> {
  await (await find(page, 'link', t.security.nav)).click();
  await find(page, 'heading', t.security.title);
}

/** A person's sessions' last proof of who they are, moved 11 minutes back (the step-up time is 10). */
function makeStale(name = 'ada'): void {
  const db = new Database(app.server.dbPath);
  try {
    const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    db.prepare('UPDATE sessions SET step_up_at = ? WHERE account = ?').run(longAgo, name);
  } finally {
    db.close();
  }
}

describe('second factors in the console (issue 66)', { timeout: 120_000 }, () => {
  let secret: Buffer = Buffer.alloc(0);
  let recovery: string[] = [];
  let usedStep = 0;

  it('shows the Sign-in security page after the password, with no serious accessibility finding', async () => {
    const { page } = shared;
    await signIn(page, 'ada');
    await find(page, 'heading', t.security.title);
    await find(page, 'link', t.security.nav);
    expect(await seriousFindings(page, 'sign-in security')).toEqual([]);
  });

  it('sets up an app from the QR code or its key, confirmed by a first code, and shows ten recovery codes once', async () => {
    const { page } = shared;
    await (await find(page, 'button', t.security.setUpApp)).click();
    await find(page, IMAGE, t.security.qrLabel);
    secret = fromBase32(await valueOf(page, 'textbox', t.security.secretLabel));
    expect(secret).toHaveLength(20);
    expect(await seriousFindings(page, 'set up an app')).toEqual([]);
    usedStep = stepOf(new Date());
    await typeAndEnter(page, 'textbox', t.security.code, codeAt(secret, usedStep));
    recovery = (await valueOf(page, 'textbox', t.security.codesTitle)).split('\n');
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await (await find(page, 'button', t.security.codesDone)).click();
    await gone(page, 'textbox', t.security.codesTitle);
    await page.waitForSelector(`::-p-text(${t.security.codesLeft.other.replace('{{count}}', '10')})`);
  });

  it('asks for the code after the password, refuses one used already, and takes a new one', async () => {
    const { page } = shared;
    await signOut(page);
    await signIn(page, 'ada');
    await find(page, 'heading', t.login.codeTitle);
    expect(await seriousFindings(page, 'code step')).toEqual([]);
    // The code that confirmed the app, within its window: refused.
    await typeAndEnter(page, 'textbox', t.security.codeOrRecovery, codeAt(secret, usedStep));
    await page.waitForSelector(`::-p-text(${t.error.badCode})`);
    usedStep += 1;
    await typeAndEnter(page, 'textbox', t.security.codeOrRecovery, codeAt(secret, usedStep));
    await toSecurityPage(page);
  });

  it('takes a recovery code once, and refuses it the second time', async () => {
    const { page } = shared;
    await signOut(page);
    await signIn(page, 'ada');
    await typeAndEnter(page, 'textbox', t.security.codeOrRecovery, recovery[0]!);
    await toSecurityPage(page);
    await signOut(page);
    await signIn(page, 'ada');
    await typeAndEnter(page, 'textbox', t.security.codeOrRecovery, recovery[0]!);
    await page.waitForSelector(`::-p-text(${t.error.badCode})`);
    await typeAndEnter(page, 'textbox', t.security.codeOrRecovery, recovery[1]!);
    await toSecurityPage(page);
    await page.waitForSelector(`::-p-text(${t.security.codesLeft.other.replace('{{count}}', '8')})`);
  });

  it('asks again before an admin act after ten minutes, refuses a wrong password, and then saves', async () => {
    const { page } = shared;
    makeStale();
    await (await find(page, 'radio', t.security.policy.admins)).click();
    await (await find(page, 'button', t.security.policySave)).click();
    // Typed into once the dialog has come in: while it slides in, a click can land beside its field.
    await findDialog(page, t.security.stepUpTitle);
    expect(await seriousFindings(page, 'step-up dialog')).toEqual([]);
    await typeAndEnter(page, 'textbox', t.login.password, 'not the password');
    await page.waitForSelector(`::-p-text(${t.security.wrongPassword})`);
    await typeAndEnter(page, 'textbox', t.login.password, PASSWORD);
    await gone(page, 'dialog', t.security.stepUpTitle);
    await page.waitForSelector(`::-p-text(${t.console.saved})`);
    const policy = await page.evaluate(async () => {
      const response = await fetch('/api/operator/factor-policy');
      return ((await response.json()) as { policy: string }).policy;
    });
    expect(policy).toBe('admins');
  });

  it('leads an admin without an app to set one up after the password, and then into the console', async () => {
    const { page } = shared;
    await signOut(page);
    await signIn(page, 'ben');
    await find(page, 'heading', t.login.enrolTitle);
    await find(page, IMAGE, t.security.qrLabel);
    expect(await seriousFindings(page, 'enrolment at sign-in')).toEqual([]);
    const secret = fromBase32(await valueOf(page, 'textbox', t.security.secretLabel));
    await typeAndEnter(page, 'textbox', t.security.code, codeAt(secret, stepOf(new Date())));
    await find(page, 'textbox', t.security.codesTitle);
    await (await find(page, 'button', t.security.codesDone)).click();
    await toSecurityPage(page);
    await page.waitForSelector(`::-p-text(${t.security.codesLeft.other.replace('{{count}}', '10')})`);
  });

  describe('passkeys, in a virtual authenticator', () => {
    const localhost = (path: string) => app.url(path).replace('//127.0.0.1:', '//localhost:');
    const passkeyRows = (page: Page) =>
      page.$$eval('table[aria-label="Your passkeys"] tbody tr', (rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent ?? '')),
      );
    /** The passkeys' rows once they pass `ok`: the table loads after the page's heading and after each change. */
    const passkeyRowsWhen = (page: Page, ok: (rows: string[][]) => boolean, what: string) =>
      waitFor(() => passkeyRows(page), ok, what);

    it('adds a passkey by name on the Security page, with the keyboard', async () => {
      const { page } = shared;
      const cdp = await page.createCDPSession();
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.goto(localhost('/login'));
      await signIn(page, 'cy');
      await toSecurityPage(page);
      await find(page, 'heading', t.security.passkeysTitle);
      await page.waitForSelector(`::-p-text(${t.security.noPasskeys})`);
      await typeAndEnter(page, 'textbox', t.security.newPasskeyName, 'Office laptop');
      await page.waitForSelector(`::-p-text(${t.security.passkeyAdded})`);
      const rows = await passkeyRowsWhen(page, (rows) => rows.length === 1, 'one passkey in the table');
      expect(rows).toEqual([['Office laptop', expect.any(String), t.security.never]]);
      expect(await seriousFindings(page, 'passkeys')).toEqual([]);
    });

    it('signs in with the passkey alone, after signing out', async () => {
      const { page } = shared;
      await signOut(page);
      await find(page, 'button', t.login.passkeySignIn);
      expect(await seriousFindings(page, 'sign-in with a passkey')).toEqual([]);
      await pressOn(page, 'button', t.login.passkeySignIn);
      await toSecurityPage(page);
      const rows = await passkeyRowsWhen(
        page,
        (rows) => rows.length === 1 && rows[0]![2] !== t.security.never,
        'the passkey last used just now',
      );
      expect(rows[0]![2]).toMatch(/\d/);
    });

    it('takes the passkey as the second step after the password', async () => {
      const { page } = shared;
      await signOut(page);
      await signIn(page, 'cy');
      await find(page, 'heading', t.login.codeTitle);
      expect(await seriousFindings(page, 'code or passkey step')).toEqual([]);
      await pressOn(page, 'button', t.login.usePasskey);
      await toSecurityPage(page);
    });

    it('confirms a removal with the passkey in the step-up dialog, and removes it', async () => {
      const { page } = shared;
      makeStale('cy');
      await pressOn(page, 'button', t.security.removePasskeyOf.replace('{{name}}', 'Office laptop'));
      await find(page, 'dialog', t.security.removePasskeyTitle.replace('{{name}}', 'Office laptop'));
      await pressOn(page, 'button', t.security.removePasskey);
      await find(page, 'dialog', t.security.stepUpTitle);
      // The way is a segmented control of radios: from the first, the arrow keys choose the third.
      await page.$eval('[role="dialog"] input[type="radio"][value="password"]', (radio) =>
        (radio as HTMLElement).focus(),
      );
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('[role="dialog"] input[type="radio"][value="passkey"]:checked');
      await page.waitForSelector(`::-p-text(${t.security.stepUpPasskey})`);
      expect(await seriousFindings(page, 'step-up with a passkey')).toEqual([]);
      await pressOn(page, 'button', t.security.stepUpSubmit);
      await gone(page, 'dialog', t.security.stepUpTitle);
      await page.waitForSelector(`::-p-text(${t.security.passkeyRemoved})`);
      await page.waitForSelector(`::-p-text(${t.security.noPasskeys})`);
      await signOut(page);
    });
  });

  it('names the page in the other two languages', async () => {
    const { page } = shared;
    for (const messages of [zht, zhs]) {
      await page.goto(app.url(`/operator/security?locale=${messages === zht ? 'zht' : 'zhs'}`));
      await find(page, 'heading', messages.security.title);
      await find(page, 'heading', messages.security.policyTitle);
      await find(page, 'heading', messages.security.passkeysTitle);
    }
    await page.goto(app.url('/login?locale=zht').replace('//127.0.0.1:', '//localhost:'));
    await find(page, 'button', zht.login.passkeySignIn);
    await page.goto(app.url('/login?locale=zhs').replace('//127.0.0.1:', '//localhost:'));
    await find(page, 'button', zhs.login.passkeySignIn);
  });
});
