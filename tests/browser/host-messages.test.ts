// Issue 4 §3: the map in a same-origin host page's iframe tells its parent about the machine a visitor clicks.
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { waitForMapReady } from '../../testkit/browser/harness';
import {
  IMAGE,
  MESSAGES,
  chooseFromList,
  fill,
  find,
  machineById,
  waitForListLength,
  waitUntilStill,
} from './screen-helpers';

const t = MESSAGES.en;
const LIST = t.list.title;
const WITH_PHOTO = 'RVM-015'; // Kornhill Plaza (out of service)

const { app, machines } = setupDemoApp();

describe('messages to the host page (issue 4 §3)', () => {
  it('posts { type: "rvm:machine", machine } to the parent when the card or the photo is clicked', async () => {
    // A same-origin host page: a document written into a page of the server's origin, framing the app.
    const { page } = await app.openPage('/api/health');
    await page.setContent(
      `<!doctype html><body style="margin:0"><iframe title="RVM map" src="${app.url('/')}" style="width:1200px;height:760px;border:0"></iframe>
      <script>window.received = []; addEventListener('message', (e) => received.push({ data: e.data, origin: e.origin }));</script></body>`,
    );
    const frame = await (await page.waitForSelector('iframe'))!.contentFrame();
    await waitForListLength(frame, LIST, machines.length);
    await waitForMapReady(frame);
    const machine = machineById(machines, WITH_PHOTO);
    await chooseFromList(frame, LIST, machine.name_en);
    const popup = await find(frame, 'dialog', machine.name_en);
    await waitUntilStill(popup);
    const received = () =>
      page.evaluate(
        () => (window as unknown as { received: { data: { type: string; machine?: Machine } }[] }).received,
      );

    await (await popup.waitForSelector(`h3::-p-text(${machine.name_en})`))!.click();
    await page.waitForFunction(() =>
      (window as unknown as { received: { data: { type: string } }[] }).received.some(
        (m) => m.data.type === 'rvm:machine',
      ),
    );
    const fromCard = (await received()).filter((m) => m.data.type === 'rvm:machine');
    expect(fromCard).toHaveLength(1);
    expect(fromCard[0]!.data.machine).toEqual(machine);

    await (await find(frame, 'button', fill(t.card.openPhoto, { name: machine.name_en }))).click();
    await page.waitForFunction(
      () =>
        (window as unknown as { received: { data: { type: string } }[] }).received.filter(
          (m) => m.data.type === 'rvm:machine',
        ).length === 2,
    );
    const fromPhoto = (await received()).filter((m) => m.data.type === 'rvm:machine');
    expect(fromPhoto[1]!.data.machine).toEqual(machine);
    // Clicking the photo also opens the dialog, inside the frame.
    await find(frame, IMAGE, fill(t.card.photoDialog, { name: machine.name_en }));
    expect((await received()).some((m) => m.data.type === 'rvm:ready')).toBe(true);
    await page.close();
  });
});
