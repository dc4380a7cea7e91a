// Screenshots of the built app for a person to look at: desktop and mobile, each language, each text size.
// Run: npm run build && npx tsx scripts/screenshots.ts [--quick]   → tests/.artifacts/screens/*.png
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, MOBILE, ROOT, launchBrowser, openPage, startServer, waitForMapReady } from '../tests/browser/harness';

const OUT = join(ROOT, 'tests/.artifacts/screens');
const quick = process.argv.includes('--quick');
const locales = quick ? ['en'] : ['en', 'zht', 'zhs'];
const sizes = quick ? ['sm'] : ['sm', 'md', 'lg'];

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [device, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    for (const locale of locales) {
      for (const fontSize of sizes) {
        const { page, errors } = await openPage(browser, `${server.url}/?locale=${locale}&fontSize=${fontSize}`, { viewport });
        await waitForMapReady(page);
        await new Promise((r) => setTimeout(r, 1200));
        const file = join(OUT, `${device}-${locale}-${fontSize}.png`);
        await page.screenshot({ path: file });
        console.log(file, errors.length ? `errors: ${errors.join(' | ')}` : '');
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
