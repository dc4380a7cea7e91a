// One map page of its own: the card and the list follow an operator's change through the live stream.
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { setupBrowserApp } from './fixture';
import { ADMIN_TOKEN, waitForMapReady } from '../../testkit/browser/harness';
import { popupOf } from './beyond-helpers';
import { fetchMachines, find, machineById, waitFor } from './screen-helpers';

const app = setupBrowserApp();

const LIST = 'Location List';

function operatorUpdate(id: string, body: unknown) {
  return fetch(app.url(`/api/operator/machines/${id}`), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
}

describe('live statuses', () => {
  it('shows an operator’s status change on the open card and in the list without reloading the list', async () => {
    const machine = machineById(await fetchMachines(app.server.url), 'RVM-001');
    expect(machine).toMatchObject({ status: '>40%', under_maintenance: false, service_status: 0 });
    const { page, apiCalls, errors } = await app.openPage();
    await waitForMapReady(page);
    const list = await find(page, 'list', LIST);
    const rowIcon = () =>
      page.$eval(`::-p-aria([role="list"][name="${LIST}"]) ::-p-text(${machine.name_en})`, (el) =>
        el.closest('button')!.querySelector('img')!.getAttribute('src'),
      );
    const iconBefore = await rowIcon();
    await (await list.waitForSelector(`::-p-text(${machine.name_en})`, { visible: true }))!.click();
    const popup = (await page.waitForSelector(popupOf(machine.name_en), { visible: true, timeout: 30_000 }))!;
    await popup.waitForSelector(`::-p-text(${en.capacity['>40%']})`);
    // The stream is open before the change is made.
    await waitFor(async () => apiCalls.some((c) => c.path === '/api/events'), Boolean, 'the event stream to open');

    const response = await operatorUpdate(machine.id, { status: 'Full' });
    expect(response.status).toBe(200);
    await popup.waitForSelector(`::-p-text(${en.capacity.Full})`, { timeout: 5_000 });
    const cardIcon = await popup.$eval('img[src]:not([src*="/api/file/"])', (img) => img.getAttribute('src'));
    const iconAfter = await waitFor(rowIcon, (src) => src !== iconBefore, 'the list icon to change', 5_000);
    expect(iconAfter).toBe(cardIcon);

    const maintenance = await operatorUpdate(machine.id, { under_maintenance: true });
    expect(maintenance.status).toBe(200);
    await popup.waitForSelector(`::-p-text(${en.capacity.null})`, { timeout: 5_000 });

    expect(apiCalls.filter((c) => c.path === '/api/rvm/')).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
