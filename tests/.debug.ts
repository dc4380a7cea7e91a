import { DESKTOP, launchBrowser, openPage, startServer } from '/work/main/tests/browser/harness';
const server = await startServer();
const browser = await launchBrowser();
const { page, errors, tileRequests } = await openPage(browser, server.url + (process.argv[2] ?? '/'), { viewport: DESKTOP });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
await new Promise((r) => setTimeout(r, Number(process.argv[3] ?? 8000)));
await page.screenshot({ path: '/tmp/debug.png' });
console.log('errors', errors, 'tiles', tileRequests.length, 'ready', await page.evaluate(() => document.documentElement.dataset.mapReady));
await browser.close(); await server.stop();
