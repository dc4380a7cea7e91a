// Issue 50's remaining browser checks, against the built app and the real server: the console walked with the
// keyboard alone, a lock after wrong passwords and its end, an operator of one district refused outside it, an edit
// seen on an open public page within a second, and the person's own sessions (ASVS 3.3.4). One console page carries
// them in order, as one person would work; the public page is a second tab. Last, an admin reads the About page.
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/operator/i18n/locales/en.json';
import zht from '../../src/operator/i18n/locales/zht.json';
import zhs from '../../src/operator/i18n/locales/zhs.json';
import packageJson from '../../package.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { waitForMapReady } from '../../testkit/browser/harness';
import { popupOf } from './beyond-helpers';
import { addPerson, PASSWORD, signIn } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { setupSharedPage } from './sharedPage';
import { aria, fill, find, MESSAGES, textOf, waitFor } from './screen-helpers';

/** Short enough to wait out, long enough to read the lock under load; the server's default is 15 minutes. */
const LOCK_SECONDS = 4;
/** Sha Tin Park, in SHA TIN, the district kit is limited to; RVM-001 is in CENTRAL & WESTERN. */
const OWN = { id: 'RVM-110', zht: '沙田公園' };
const OTHER = 'RVM-001';
const WALKED = 'RVM-002';

const app = setupBrowserApp({ env: { RVM_SIGN_IN_LOCK_SECONDS: String(LOCK_SECONDS) } });
const shared = setupSharedPage(app, '/operator', {
  ready: async () => {
    await addPerson(app.server, 'ada', 'admin');
    await addPerson(app.server, 'kit', 'operator', { districts: ['SHA TIN'] });
  },
});

const path = (page: Page) => page.evaluate(() => location.pathname + location.search);
async function waitForPath(page: Page, expected: string) {
  await waitFor(
    () => path(page),
    (p) => p === expected,
    `the address ${expected}`,
  );
}
async function shows(page: Page, text: string) {
  await page.waitForSelector(`::-p-text(${JSON.stringify(text)})`, { visible: true, timeout: 30_000 });
}

interface Focused {
  onBody: boolean;
  name: string;
  tag: string;
  /** Matches :focus-visible and draws an outline or a ring. */
  visible: boolean;
}
/** What has the focus, its accessible name as a person hears it (label, aria-label or text), and whether it shows. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { onBody: true, name: '', tag: 'body', visible: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    // The ring may be drawn by the field's frame around the input (a password field's), so the two levels above count.
    const rings = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const ring = rings(el) || rings(el.parentElement) || rings(el.parentElement?.parentElement ?? null);
    return {
      onBody: false,
      // A required field's label ends in Mantine's asterisk, which is not part of its name.
      name: name
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
      tag: el.tagName,
      visible: el.matches(':focus-visible') && ring,
    };
  });

/**
 * Presses Tab (or Shift+Tab) until the focus is on what `wanted` accepts; at every stop the focus shows and is never
 * on the page's body.
 */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, backwards = false, most = 80): Promise<Focused> {
  const stops: string[] = [];
  for (let i = 0; i < most; i++) {
    if (backwards) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else await page.keyboard.press('Tab');
    const now = await focused(page);
    stops.push(`${now.tag} "${now.name.slice(0, 40)}"`);
    expect(now.onBody, `the focus left for the body after ${stops.join(' → ')}`).toBe(false);
    expect(now.visible, `no visible focus on ${stops.at(-1)}`).toBe(true);
    if (wanted(now)) return now;
  }
  throw new Error(`not reached with the keyboard: ${stops.join(' → ')}`);
}
const named = (name: string) => (f: Focused) => f.name === name;
/** After a navigation: the focus is somewhere in the page, visibly, not dropped on the body. */
async function focusKept(page: Page, where: string) {
  const now = await waitFor(
    () => focused(page),
    (f) => !f.onBody,
    `the focus to be kept after ${where}`,
    5_000,
  );
  expect(now.visible, `the focus after ${where} (${now.tag} "${now.name.slice(0, 40)}") shows`).toBe(true);
}

describe('the console walked, locked, limited and live (issue 50)', { timeout: 120_000 }, () => {
  it('is walked with the keyboard alone: sign in, filter the fleet, open a machine, save a change, sign out', async () => {
    const { page } = shared;
    const t = en;
    await waitForPath(page, `/login?next=${encodeURIComponent('/operator')}`);
    await find(page, 'button', t.login.submit);
    await tabTo(page, named(t.login.username));
    await page.keyboard.type('ada');
    await tabTo(page, named(t.login.password));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/operator');
    await find(page, 'table', t.fleet.table);
    await focusKept(page, 'signing in');

    await tabTo(page, named(t.fleet.search));
    await page.keyboard.type(WALKED);
    const machineName = await page.evaluate(async (id) => {
      const answer = await fetch('/api/rvm/', { method: 'POST' });
      const { rvms } = (await answer.json()) as { rvms: { id: string; name_en: string }[] };
      return rvms.find((m) => m.id === id)!.name_en;
    }, WALKED);
    await shows(page, fill(t.fleet.shown, { count: 1 }));
    await tabTo(page, named(machineName));
    await page.keyboard.press('Enter');
    await waitForPath(page, `/operator/machines/${WALKED}`);
    await find(page, 'heading', machineName);
    await focusKept(page, 'opening a machine');

    await tabTo(page, named(t.machine.name));
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.keyboard.type(`${machineName} (walked)`);
    await tabTo(page, named(t.machine.save));
    await page.keyboard.press('Space');
    await shows(page, t.console.saved);
    expect((await focused(page)).onBody).toBe(false);

    await tabTo(page, named(t.console.signOut), true, 120);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/login?next=${encodeURIComponent('/operator')}`);
    await focusKept(page, 'signing out');
  });

  it('locks a name after five wrong passwords, says until when in the person’s language, and opens again', async () => {
    const { page } = shared;
    const t = zht;
    await page.goto(app.url('/login?locale=zht'));
    await find(page, 'button', t.login.submit);
    // The form empties the password when the answer comes: each attempt is answered before the next.
    const attempt = async (password: string) => {
      await signIn(page, 'kit', password, t.login);
      await waitFor(
        () => page.$eval(`::-p-aria(${t.login.password})`, (input) => (input as HTMLInputElement).value),
        (value) => value === '',
        'the answer',
      );
    };
    for (let wrong = 1; wrong <= 4; wrong++) {
      await attempt(`wrong ${wrong}`);
      await shows(page, t.error.badCredentials);
    }
    await attempt('wrong 5');
    const [before, after] = t.login.locked.split('{{time}}') as [string, string];
    const alert = await page.waitForSelector(`::-p-text(${JSON.stringify(before)})`, { visible: true });
    expect(await textOf(alert!)).toMatch(new RegExp(`^${before}\\d{1,2}:\\d{2}(:\\d{2})?${after}$`));
    await shows(page, t.login.openAgain);
    await signIn(page, 'kit', PASSWORD, t.login);
    await waitForPath(page, '/operator?locale=zht');
    await find(page, 'table', t.fleet.table);
  });

  it('shows an operator of one district only its machines, and refuses a machine of another by its address', async () => {
    const { page } = shared;
    const t = zht;
    const shaTin = await page.evaluate(async () => {
      const answer = await fetch('/api/rvm/', { method: 'POST' });
      const { rvms } = (await answer.json()) as { rvms: { id: string; district: string }[] };
      return rvms.filter((m) => m.district === 'SHA TIN').length;
    });
    expect(shaTin).toBeGreaterThan(1);
    await shows(page, fill(t.fleet.count, { count: shaTin }));

    await page.goto(app.url(`/operator/machines/${OTHER}?locale=zht`));
    await shows(page, fill(t.access.machineForbidden, { id: OTHER }));
    expect(await page.$(aria('textbox', t.machine.name))).toBeNull();
    expect(await page.$(aria('button', t.machine.save))).toBeNull();
  });

  it('shows a machine put into maintenance on an open public page within a second of the save’s answer', async () => {
    const { page } = shared;
    const t = zht;
    const publicT = MESSAGES.zht;
    // The machine's card open, as a visitor's shared link opens it.
    const visitor = await app.openPage(`/?locale=zht&machine=${OWN.id}`);
    try {
      await waitForMapReady(visitor.page);
      const popup = (await visitor.page.waitForSelector(popupOf(OWN.zht), { visible: true, timeout: 30_000 }))!;
      await waitFor(
        async () => visitor.apiCalls.some((call) => call.path === '/api/events'),
        Boolean,
        'the event stream to open',
      );
      // The moment the card says so, on the page's own clock (epoch ms, as the console's below).
      await popup.evaluate((card, text) => {
        const seen = window as unknown as { maintenanceShownAt?: number };
        const look = () => {
          if (seen.maintenanceShownAt === undefined && card.textContent?.includes(text))
            seen.maintenanceShownAt = performance.timeOrigin + performance.now();
        };
        new MutationObserver(look).observe(card, { subtree: true, childList: true, characterData: true });
      }, publicT.capacity.null);

      // The console in front, as the person working in it; the public page keeps listening behind it.
      await page.bringToFront();
      await page.goto(app.url(`/operator/machines/${OWN.id}?locale=zht`));
      const toggle = await find(page, 'switch', t.machine.underMaintenance).catch(async (error: unknown) => {
        console.info(await page.evaluate(() => `${location.href}\n${document.body.innerText.slice(0, 1500)}`));
        throw error;
      });
      await toggle.click();
      await (await find(page, 'button', t.machine.save)).click();
      await shows(page, t.console.saved);
      const answeredAt = await page.evaluate((id) => {
        const saves = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith(`/api/operator/machines/${id}`)) as PerformanceResourceTiming[];
        return performance.timeOrigin + saves.at(-1)!.responseEnd;
      }, OWN.id);
      const shownAt = await waitFor(
        () => visitor.page.evaluate(() => (window as unknown as { maintenanceShownAt?: number }).maintenanceShownAt),
        (at) => at !== undefined,
        'the public card to show the maintenance',
        5_000,
      );
      const lag = shownAt! - answeredAt;
      console.info(`public card shows the maintenance ${Math.round(lag)} ms after the save's answer`);
      expect(lag).toBeLessThanOrEqual(1_000);
    } finally {
      await visitor.page.close();
    }
  });

  it('lists the person’s own sessions, this one marked, and signs out another one', async () => {
    const { page } = shared;
    const t = zht;
    // A second session of kit's, as another browser would have it.
    const other = await fetch(app.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ name: 'kit', password: PASSWORD }),
    });
    expect(other.status).toBe(200);
    const cookie = other.headers.get('set-cookie')!.split(';')[0]!;
    const stillIn = async () =>
      (
        await fetch(app.url('/api/auth/session'), {
          method: 'POST',
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        })
      ).status === 200;
    expect(await stillIn()).toBe(true);

    await (await find(page, 'link', t.sessions.nav)).click();
    await waitForPath(page, '/operator/sessions?locale=zht');
    const table = await find(page, 'table', t.sessions.table);
    await waitFor(
      () => table.$$('tbody tr'),
      (rows) => rows.length === 2,
      'two sessions',
    );
    const text = await textOf(table);
    expect(text).toContain(t.sessions.current);
    expect(text).toContain(t.sessions.unknownBrowser);
    expect(text).toMatch(/Chrome \d+ · Linux/);
    const buttons: ElementHandle[] = await table.$$(aria('button'));
    expect(buttons).toHaveLength(1);
    const label = await buttons[0]!.evaluate((b) => b.getAttribute('aria-label') ?? '');
    expect(
      label.startsWith(fill(t.sessions.signOutOneLabel, { name: t.sessions.unknownBrowser, time: '' }).split('（')[0]!),
    ).toBe(true);
    await buttons[0]!.click();
    await shows(page, t.sessions.endedOne);
    await waitFor(
      () => table.$$('tbody tr'),
      (rows) => rows.length === 1,
      'one session left',
    );
    expect(await stillIn()).toBe(false);
    expect((await focused(page)).onBody).toBe(false);
    expect(await seriousFindings(page, 'sessions')).toEqual([]);
  });

  it('links an admin, not an operator, to what runs at this deployment, and shows it in the three languages', async () => {
    const { page } = shared;
    // kit, an operator, has no link to it; ada, an admin, has.
    const links = async (t: typeof zht) => textOf(await find(page, 'navigation', t.console.navigation));
    expect(await links(zht)).not.toContain(zht.about.nav);
    await (await find(page, 'button', zht.console.signOut)).click();
    await waitFor(
      () => path(page),
      (p) => p.startsWith('/login?'),
      'the sign-in page',
    );
    await signIn(page, 'ada', PASSWORD, zht.login);
    await waitForPath(page, '/operator?locale=zht');
    expect(await links(zht)).toContain(zht.about.nav);
    await (await find(page, 'link', zht.about.nav)).click();
    await waitForPath(page, '/operator/about?locale=zht');

    for (const [locale, t] of [
      ['zht', zht],
      ['zhs', zhs],
      ['en', en],
    ] as const) {
      if (locale !== 'zht') await page.goto(app.url(`/operator/about?locale=${locale}`));
      const table = await find(page, 'table', t.about.title);
      await find(page, 'heading', t.about.title);
      const text = await textOf(table);
      for (const label of [t.about.version, t.about.build, t.about.engine, t.about.node, t.about.timeZone])
        expect(text, locale).toContain(label);
      expect(text, locale).toContain(packageJson.version);
      expect(text, locale).toContain(t.about.sqlite);
      expect(text, locale).toContain(t.about.noFeed);
      expect(await page.title(), locale).toBe(`${t.about.title} · ${t.console.title}`);
      const current = await page.$(`${aria('link', t.about.nav)}[aria-current="page"]`);
      expect(current, locale).not.toBeNull();
    }
    expect(await seriousFindings(page, 'about')).toEqual([]);
    // 401 before sign-in, 403 outside the district, 429 while locked: each answered on the page, none an error.
    expect(shared.errors.filter((e) => !/\b(401|403|429)\b/.test(e))).toEqual([]);
  });
});
