// Screenshots of the built app for a person to look at: desktop and mobile, each language, each text
// size, plus per language the popup card, the photo dialog and the mobile list card, and the dark scheme.
// Run: npm run build && npx tsx scripts/screenshots.ts [--quick]   → tests/.artifacts/screens/*.png
// (RVM_TEST_STATIC=/tmp/x-dist picks a private build.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { Machine } from '../shared/machine';
import {
  DESKTOP,
  MOBILE,
  ROOT,
  launchBrowser,
  openPage,
  startServer,
  waitForMapReady,
} from '../testkit/browser/harness';
import {
  MESSAGES,
  chooseFromList,
  fetchMachines,
  fill,
  find,
  waitForImages,
  waitForListLength,
  waitUntilStill,
  type Locale,
} from '../tests/browser/screen-helpers';

const OUT = join(ROOT, 'tests/.artifacts/screens');
const quick = process.argv.includes('--quick');
const locales: Locale[] = quick ? ['en'] : ['en', 'zht', 'zhs'];
const sizes = quick ? ['sm'] : ['sm', 'md', 'lg'];
const devices = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const machines = await fetchMachines(server.url);
// A machine with a photo whose card shows the 'almost full' caption.
const featured = machines.find(
  (m) => m.picture && !m.under_maintenance && m.service_status !== 1 && m.status === '<=20%',
)!;

async function open(b: Browser, viewport: typeof DESKTOP | typeof MOBILE, locale: Locale, fontSize: string) {
  const opened = await openPage(b, `${server.url}/?locale=${locale}&fontSize=${fontSize}`, { viewport });
  await waitForMapReady(opened.page);
  return opened;
}

async function shoot(page: Page, name: string, errors: string[]) {
  // Fonts and photos finished, so the picture shows what a visitor sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const broken = await waitForImages(page);
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  const notes = [...errors, ...broken.map((src) => `broken image ${src}`)];
  console.log(file, notes.length ? `problems: ${notes.join(' | ')}` : '');
}

async function openPopup(page: Page, locale: Locale, machine: Machine) {
  const t = MESSAGES[locale];
  const name = machine[`name_${locale}`];
  if (await page.$(`::-p-aria([role="button"][name="${t.list.open}"])`)) {
    await (await find(page, 'button', t.list.open)).click();
  }
  await chooseFromList(page, t.list.title, name);
  await waitUntilStill(await find(page, 'dialog', name));
}

try {
  for (const [device, viewport] of devices) {
    for (const locale of locales) {
      for (const fontSize of sizes) {
        const { page, errors } = await open(browser, viewport, locale, fontSize);
        await waitForListLength(page, MESSAGES[locale].list.title, machines.length).catch(() => undefined);
        await shoot(page, `${device}-${locale}-${fontSize}`, errors);
        await page.close();
      }
    }
  }

  for (const locale of locales) {
    const t = MESSAGES[locale];
    const name = featured[`name_${locale}`];
    for (const [device, viewport] of devices) {
      const { page, errors } = await open(browser, viewport, locale, 'sm');
      if (device === 'mobile') {
        await (await find(page, 'button', t.filter.showPanel)).click();
        await find(page, 'combobox', t.filter.status);
        await shoot(page, `${device}-${locale}-filters`, errors);
        await (await find(page, 'button', t.list.open)).click();
        await find(page, 'dialog', t.list.title);
        await shoot(page, `${device}-${locale}-list`, errors);
        await (await find(page, 'button', t.list.close)).click();
      }
      await openPopup(page, locale, featured);
      await shoot(page, `${device}-${locale}-popup`, errors);
      await (await find(page, 'button', fill(t.card.openPhoto, { name }))).click();
      await find(page, 'image', fill(t.card.photoDialog, { name }));
      await shoot(page, `${device}-${locale}-photo`, errors);
      await page.close();
    }
  }

  for (const [device, viewport] of devices) {
    const { page, errors } = await openPage(browser, `${server.url}/?fontSize=sm`, { viewport });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForMapReady(page);
    await openPopup(page, 'en', featured);
    await shoot(page, `${device}-en-dark-popup`, errors);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
