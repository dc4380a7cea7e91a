// Issue 4 §4 on a desktop: the photo dialog opened from a machine card.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Machine } from '../../shared/machine';
import { setupDemoApp } from './fixture';
import { IMAGE, MESSAGES, atRest, fill, find, machineById, openPopup, openScreen } from './screen-helpers';

const t = MESSAGES.en;
const WITH_PHOTO = 'RVM-015'; // Kornhill Plaza (out of service)

const { app, machines } = setupDemoApp();

describe('photo dialog (issue 4 §4)', () => {
  async function openDialog(page: Page, machine: Machine) {
    await (await find(page, 'button', fill(t.card.openPhoto, { name: machine.name_en }))).click();
    const image = await find(page, IMAGE, fill(t.card.photoDialog, { name: machine.name_en }));
    expect(await image.evaluate((img) => img.closest('[role="dialog"][aria-modal="true"]') !== null)).toBe(true);
    return image;
  }
  const dialogOpen = (page: Page) =>
    page.evaluate(() => document.querySelector('[role="dialog"][aria-modal="true"]') !== null);

  it('shows the full image, at most 80% of the viewport height, and closes with Escape, the close button or a click outside', async () => {
    const page = await openScreen(app, machines);
    const machine = machineById(machines, WITH_PHOTO);
    await openPopup(page, machine);

    const image = await openDialog(page, machine);
    const shown = await image.evaluate((img) => ({
      src: (img as HTMLImageElement).src,
      natural: (img as HTMLImageElement).naturalWidth,
      maxHeight: getComputedStyle(img).maxHeight,
      height: img.getBoundingClientRect().height,
    }));
    expect(new URL(shown.src).pathname).toBe(`/api/file/${machine.picture!.id}`);
    expect(shown.natural).toBeGreaterThan(0);
    expect(shown.maxHeight).toBe(`${0.8 * 800}px`);
    expect(shown.height).toBeLessThanOrEqual(0.8 * 800);
    // In a short window the image shrinks to 80% of its height.
    await page.setViewport({ width: 1280, height: 250 });
    await page.waitForFunction((img) => img.getBoundingClientRect().height <= 200.5, {}, image);
    expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('200px');
    await page.setViewport({ width: 1280, height: 800 });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
    // The popup stays open behind it.
    await find(page, 'dialog', machine.name_en);

    await openDialog(page, machine);
    const modal = await page.waitForSelector('[role="dialog"][aria-modal="true"]');
    // Clicked once the dialog has come in: while it slides in, a click can land beside its button.
    await atRest(modal!);
    await (await modal!.waitForSelector(`::-p-aria([role="button"][name="${t.card.close}"])`))!.click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);

    await openDialog(page, machine);
    await page.mouse.click(8, 400);
    await page.waitForFunction(() => document.querySelector('[role="dialog"][aria-modal="true"]') === null);
    expect(await dialogOpen(page)).toBe(false);
    await page.close();
  });
});
