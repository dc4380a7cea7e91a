// Takes docs/screenshots/near-me.png: `RVM_TEST_STATIC=<build> npx tsx tests/browser/beyond-screenshot.ts`
// (`--mobile`: a phone-sized look at /tmp/beyond-near-me-mobile.png instead).
import { join } from 'node:path';
import { launchBrowser, MOBILE, openPage, ROOT, startServer, waitForMapReady } from '../../testkit/browser/harness';
import { startClockAt } from './beyond-helpers';
import { find, waitUntilStill } from './screen-helpers';

const CAUSEWAY_BAY: [number, number] = [22.2802, 114.1838];

const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  const mobile = process.argv.includes('--mobile');
  const { page } = await openPage(browser, server.url, {
    ...(mobile ? { viewport: MOBILE } : {}),
    beforeLoad: async (p) => {
      await startClockAt(p, new Date('2026-11-25T15:00:00+08:00'));
      await p.browserContext().setPermission(new URL(server.url).origin, {
        permission: { name: 'geolocation' },
        state: 'granted',
      });
      await p.setGeolocation({ latitude: CAUSEWAY_BAY[0], longitude: CAUSEWAY_BAY[1] });
    },
  });
  await waitForMapReady(page);
  if (mobile) await (await find(page, 'button', 'Show filters')).click();
  await (await find(page, 'button', 'Nearest open machine')).click();
  const popup = await page.waitForSelector('.maplibregl-popup [role="dialog"]', { visible: true, timeout: 30_000 });
  await waitUntilStill(popup!);
  const path = mobile ? '/tmp/beyond-near-me-mobile.png' : join(ROOT, 'docs/screenshots/near-me.png');
  await page.screenshot({ path });
  console.log(`wrote ${path}`);
} finally {
  await browser.close();
  await server.stop();
}
