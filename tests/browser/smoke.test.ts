// One page of its own: the real server's list reaches the page, with the map drawn.
import { describe, expect, it } from 'vitest';
import { setupBrowserApp } from './fixture';
import { bodyText, waitForMapReady } from '../../testkit/browser/harness';
import { listItemTexts } from './screen-helpers';

const app = setupBrowserApp();

describe('the page on the real server', () => {
  it('loads the machines from the server with one POST to /api/rvm/ and lists them', async () => {
    const { page, apiCalls, errors } = await app.openPage();
    await page.waitForSelector('::-p-text(Location List)');
    await page.waitForSelector('::-p-text(Times Square)', { timeout: 30_000 });
    await page.waitForSelector('::-p-aria([role="list"][name="Location List"])');
    const listed = (await listItemTexts(page, 'Location List')).length;
    const expected = (await (await fetch(app.url('/api/rvm/'), { method: 'POST' })).json()) as {
      rvms: { deactivated: boolean }[];
    };
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
