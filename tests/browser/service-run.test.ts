// Issue 67, the crew's run against the built app and the real server: one console page at 390x844 (a phone),
// /operator/run signed in as an operator of SHA TIN, shared by the tests in order; the last test opens the public
// page in a second tab to see "Emptied" and its undo arrive there. RVM-110 (SHA TIN) and RVM-001 (CENTRAL & WESTERN)
// are set full through the API before the page opens.
import { describe, expect, it } from 'vitest';
import en from '../../src/operator/i18n/locales/en.json';
import publicEn from '../../src/i18n/locales/en.json';
import { ADMIN_TOKEN, MOBILE, waitForMapReady } from '../../testkit/browser/harness';
import { popupOf } from './beyond-helpers';
import { addPerson, signIn } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { setupSharedPage } from './sharedPage';
import { smallTouchTargets } from './touchTargets';
import { find, waitFor } from './screen-helpers';

const t = en.run;
const OWN = { id: 'RVM-110', name: 'Sha Tin Park' };
const OTHER = 'RVM-001';

const app = setupBrowserApp();
const shared = setupSharedPage(app, '/operator/run', {
  map: false,
  viewport: MOBILE,
  ready: async () => {
    for (const id of [OWN.id, OTHER]) {
      const answer = await fetch(`${app.server.url}/api/operator/machines/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ status: 'Full', under_maintenance: false, service_status: 0 }),
      });
      if (!answer.ok) throw new Error(`PATCH ${id}: ${answer.status}`);
    }
    await addPerson(app.server, 'kit', 'operator', { districts: ['SHA TIN'] });
  },
});

const cardNames = () =>
  shared.page.$$eval(`ul[aria-label="${t.list}"] > li`, (cards) =>
    cards.map((card) => card.getAttribute('aria-label')),
  );

describe("the crew's run on a phone", () => {
  it('lists the full machines of the operator’s districts alone, with targets a thumb can take', async () => {
    const { page } = shared;
    await signIn(page, 'kit');
    const names = await waitFor(cardNames, (list) => list.includes(OWN.name), 'the own district’s full machine');
    expect(names).not.toContain('Sheung Wan Municipal Services Building'); // RVM-001, another district
    const card = await find(page, 'listitem', OWN.name);
    const directions = await card.$('a[href^="https://www.google.com/maps/dir/"]');
    expect(directions).not.toBeNull();
    const small = await smallTouchTargets(page);
    const ours = [t.emptied, t.directions, t.usePosition];
    expect(small.filter((target) => ours.some((label) => target.includes(label)))).toEqual([]);
  });

  it('records an emptying with one tap, and its undo, both seen on an open public page', async () => {
    const { page } = shared;
    const visitor = await app.openPage(`/?machine=${OWN.id}`);
    try {
      await waitForMapReady(visitor.page);
      const popup = (await visitor.page.waitForSelector(popupOf(OWN.name), { visible: true, timeout: 30_000 }))!;
      const popupSays = (text: string, what: string) =>
        waitFor(
          () => popup.evaluate((card) => card.textContent ?? ''),
          (content) => content.includes(text),
          what,
          10_000,
        );
      await popupSays(publicEn.capacity.Full, 'the public card to say full');

      await page.bringToFront();
      const card = await find(page, 'listitem', OWN.name);
      await (await card.waitForSelector(`::-p-aria([role="button"][name="${t.emptied}"])`))!.click();
      await find(page, 'button', t.undo);
      await popupSays(publicEn.capacity['>40%'], 'the public card to say available');

      await (await find(page, 'button', t.undo)).click();
      await popupSays(publicEn.capacity.Full, 'the public card to say full again');
      await waitFor(cardNames, (list) => list.includes(OWN.name), 'the machine back on the run');
    } finally {
      await visitor.page.close();
    }
  });
});
