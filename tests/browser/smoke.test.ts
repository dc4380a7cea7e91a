import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { bodyText, launchBrowser, openPage, startServer, waitForMapReady, type RunningServer } from './harness';
import { listItemTexts } from './screen-helpers';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the page on the real server', () => {
  it('loads the machines from the server with one POST to /api/rvm/ and lists them', async () => {
    const { page, apiCalls, errors } = await openPage(browser, server.url);
    await page.waitForSelector('::-p-text(Location List)');
    await page.waitForSelector('::-p-text(Times Square)', { timeout: 30_000 });
    await page.waitForSelector('::-p-aria([role="list"][name="Location List"])');
    const listed = (await listItemTexts(page, 'Location List')).length;
    const expected = (await (await fetch(`${server.url}/api/rvm/`, { method: 'POST' })).json()) as { rvms: { deactivated: boolean }[] };
    // The page hides deactivated machines.
    expect(listed).toBe(expected.rvms.filter((m) => !m.deactivated).length);
    expect(listed).toBeGreaterThanOrEqual(120);
    expect(await bodyText(page)).toContain(`${listed} machines`);
    const listCalls = apiCalls.filter((c) => c.path === '/api/rvm/');
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]).toMatchObject({ method: 'POST', body: '{}' });
    await waitForMapReady(page);
    expect(errors).toEqual([]);
  });
});
