// Screenshots of the login page and the operator console for a person to look at: each language, desktop and
// phone; the fleet, a machine (its form, photo and history), the audit log, the person's sessions, the service levels,
// the crew's run, problem reports, sign-in security and the About page, as an admin.
// Run: npm run build && npx tsx scripts/consoleScreenshots.ts [--quick]   → tests/.artifacts/screens/console-*.png
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import consoleMessages from '../src/operator/i18n/locales/en.json';
import zhtMessages from '../src/operator/i18n/locales/zht.json';
import zhsMessages from '../src/operator/i18n/locales/zhs.json';
import { addPerson, PASSWORD, signIn } from '../tests/browser/consolePeople';
import { ADMIN_TOKEN, DESKTOP, MOBILE, ROOT, launchBrowser, openPage, startServer } from '../testkit/browser/harness';
import { find, waitForImages, type Locale } from '../tests/browser/screen-helpers';

const OUT = join(ROOT, 'tests/.artifacts/screens');
const MESSAGES = { en: consoleMessages, zht: zhtMessages, zhs: zhsMessages };
const quick = process.argv.includes('--quick');
/** The pages shot after the sessions, each at /operator/<name>, found by its heading. */
const PAGES = ['service', 'run', 'reports', 'security', 'about'] as const;
const locales: Locale[] = quick ? ['en'] : ['en', 'zht', 'zhs'];
const devices = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  await addPerson(server, 'ada', 'admin');
  // A change, so that the audit log has a row: a controller reporting with the operator's token.
  const reported = await fetch(`${server.url}/api/operator/machines/RVM-004`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'Full' }),
  });
  if (!reported.ok) throw new Error(`PATCH RVM-004: ${reported.status} ${await reported.text()}`);
  // Another session of ada's, on a phone, so that her list of sessions has one to sign out.
  const phone = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
    },
    body: JSON.stringify({ name: 'ada', password: PASSWORD }),
  });
  if (!phone.ok) throw new Error(`sign-in from a phone: ${phone.status}`);
  for (const [device, viewport] of devices) {
    for (const locale of locales) {
      // A context of its own: signed out, as a person arriving.
      const context = await browser.createBrowserContext();
      const t = MESSAGES[locale];
      const { page, errors } = await openPage(context, `${server.url}/login?locale=${locale}`, { viewport });
      await find(page, 'button', t.login.submit);
      await shoot(page, `console-login-${device}-${locale}`);
      await signIn(page, 'ada', undefined, t.login);
      await page.waitForFunction(() => location.pathname === '/operator');
      await find(page, 'table', t.fleet.table);
      await shoot(page, `console-fleet-${device}-${locale}`);
      await page.goto(`${server.url}/operator/machines/RVM-004?locale=${locale}`);
      await find(page, 'heading', t.history.states);
      await shoot(page, `console-machine-${device}-${locale}`, true);
      await page.goto(`${server.url}/operator/audit?locale=${locale}`);
      await find(page, 'table', t.audit.table);
      await shoot(page, `console-audit-${device}-${locale}`);
      await page.goto(`${server.url}/operator/sessions?locale=${locale}`);
      await find(page, 'heading', t.sessions.title);
      await page.waitForSelector(`::-p-text(${t.sessions.current})`, { visible: true });
      await shoot(page, `console-sessions-${device}-${locale}`);
      for (const name of PAGES) {
        await page.goto(`${server.url}/operator/${name}?locale=${locale}`);
        await find(page, 'heading', t[name].title);
        await page.waitForNetworkIdle({ idleTime: 300 });
        await shoot(page, `console-${name}-${device}-${locale}`, true);
      }
      if (errors.length > 0) console.warn(`${device} ${locale}:`, errors);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await waitForImages(page);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  console.log(`${name}.png`);
}
