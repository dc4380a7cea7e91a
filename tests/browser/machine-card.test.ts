// Issue 4 §3 on a desktop: the machine card (the map's popup) for each status, its directions link and its
// photo or placeholder, on the real server with the demo data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { waitForMapReady } from '../../testkit/browser/harness';
import {
  IMAGE,
  MESSAGES,
  aria,
  fill,
  find,
  gone,
  machineById,
  openPopup,
  outOfService,
  textOf,
  waitForImages,
  waitForListLength,
} from './screen-helpers';
import { setupSharedPage } from './sharedPage';

const t = MESSAGES.en;
const WITH_PHOTO = 'RVM-015'; // Kornhill Plaza (out of service)
const WITHOUT_PHOTO = 'RVM-008'; // Times Square

const { app, machines } = setupDemoApp();

/** The legend's marker picture for each caption. */
async function legendImages(page: Page): Promise<Record<string, string>> {
  const legend = await find(page, 'region', t.legend.title);
  const items = await legend.$$eval('li', (lis) =>
    lis.map((li) => [(li as HTMLElement).innerText, li.querySelector('img')?.src ?? ''] as const),
  );
  return Object.fromEntries(items);
}

/** Closes a machine's popup with its Close button, as a visitor would. */
async function closeCard(page: Page, machine: Machine): Promise<void> {
  const popup = await find(page, 'dialog', machine.name_en);
  await (await popup.waitForSelector(aria('button', t.card.close)))!.click();
  await gone(page, 'dialog', machine.name_en);
}

describe('machine card (issue 4 §3)', () => {
  const shared = setupSharedPage(app, '/', { ready: (page) => waitForListLength(page, t.list.title, machines.length) });

  it('shows the photo, name, address, hours, and the picture and caption of docs/spec.md#display-states', async () => {
    const { page } = shared;
    await waitForMapReady(page);
    const legendPictures = await legendImages(page);
    const withPhoto = machines.filter((m) => m.picture);
    // One machine per row of the table, each with a photo.
    const rows = [
      {
        caption: 'Available',
        legend: 'Up to 40% remaining',
        pick: (m: Machine) => !outOfService(m) && m.status === '>40%',
      },
      {
        caption: 'Available',
        legend: 'Up to 40% remaining',
        pick: (m: Machine) => !outOfService(m) && m.status === '<=40%',
      },
      {
        caption: 'Almost full (≥80% Full)',
        legend: 'Up to 20% remaining',
        pick: (m: Machine) => !outOfService(m) && m.status === '<=20%',
      },
      {
        caption: 'Almost full (≥80% Full)',
        legend: 'Up to 20% remaining',
        pick: (m: Machine) => !outOfService(m) && m.status === '<=5%',
      },
      { caption: 'Full', legend: 'Full', pick: (m: Machine) => !outOfService(m) && m.status === 'Full' },
      { caption: 'Maintenance/Non-operating hours', legend: 'Maintenance', pick: (m: Machine) => m.under_maintenance },
      {
        caption: 'Maintenance/Non-operating hours',
        legend: 'Maintenance',
        pick: (m: Machine) => m.service_status === 1,
      },
    ];
    let machine: Machine | undefined;
    for (const row of rows) {
      machine = withPhoto.find(row.pick) ?? machines.find(row.pick)!;
      const popup = await openPopup(page, machine);
      const text = await textOf(popup);
      expect(text).toContain(machine.name_en);
      expect(text).toContain(machine.address_en);
      expect(text).toContain(`${t.card.serviceHours}${t.punctuation.colon}${machine.service_hour_en}`);
      expect(text, machine.id).toContain(row.caption);
      const pictures = await popup.$$eval('img', (imgs) =>
        imgs.filter((i) => i.alt === '' && !i.closest('button')).map((i) => i.src),
      );
      expect(pictures, machine.id).toEqual([legendPictures[row.legend]]);
      if (machine.picture) {
        const photo = await find(page, 'button', fill(t.card.openPhoto, { name: machine.name_en }));
        // The round photo is the avatar around the image (its border included).
        const shown = await photo.evaluate((el) => {
          const img = el.querySelector('img')!;
          const r = img.parentElement!.getBoundingClientRect();
          return {
            width: r.width,
            height: r.height,
            radius: getComputedStyle(img.parentElement!).borderRadius,
            src: img.src,
          };
        });
        expect(shown.width).toBeCloseTo(88, 0);
        expect(shown.height).toBeCloseTo(88, 0);
        // Round: a radius of half its size.
        expect(shown.radius === '50%' || parseFloat(shown.radius) >= shown.width / 2).toBe(true);
        expect(new URL(shown.src).pathname).toBe(`/api/file/${machine.picture.id}`);
      }
      expect(await waitForImages(page)).toEqual([]);
    }
    // Each choice above replaced the popup before it; the last one is closed.
    await closeCard(page, machine!);
  });

  it('shows a neutral placeholder and no broken image for a machine without a photo', async () => {
    const { page } = shared;
    const machine = machineById(machines, WITHOUT_PHOTO);
    expect(machine.picture).toBeUndefined();
    const popup = await openPopup(page, machine);
    const placeholder = await find(page, IMAGE, t.card.noPhoto);
    const box = await placeholder.evaluate((img) => ({
      width: img.parentElement!.getBoundingClientRect().width,
      radius: getComputedStyle(img.parentElement!).borderRadius,
    }));
    expect(box.width).toBeCloseTo(88, 0);
    expect(box.radius).toBe('50%');
    expect(
      await popup.$(`::-p-aria([role="button"][name="${fill(t.card.openPhoto, { name: machine.name_en })}"])`),
    ).toBeNull();
    expect(await textOf(popup)).toContain(machine.name_en);
    expect(await waitForImages(page)).toEqual([]);
    await closeCard(page, machine);
  });

  // Last: the tab it opens comes to the front.
  it('links the address to a directions page with lat,lng in a new tab, noopener', async () => {
    const { page } = shared;
    const machine = machineById(machines, WITH_PHOTO);
    const popup = await openPopup(page, machine);
    const link = await popup.waitForSelector(`a::-p-text(${machine.address_en})`);
    const attrs = await link!.evaluate((a) => ({
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel') ?? '',
    }));
    const [lat, lng] = machine.coordinates;
    expect(new URL(attrs.href).searchParams.get('destination')).toBe(`${lat},${lng}`);
    expect(new URL(attrs.href).protocol).toBe('https:');
    expect(attrs.target).toBe('_blank');
    expect(attrs.rel.split(/\s+/)).toContain('noopener');
    // Clicking it opens a new tab at that address (the outside request itself is refused offline).
    const newTarget = app.browser.waitForTarget((target) => target.opener() === page.target());
    await link!.click();
    const opened = await newTarget;
    expect(opened.url()).toContain(encodeURIComponent(`${lat},${lng}`));
    await (await opened.page())?.close();
  });
});
