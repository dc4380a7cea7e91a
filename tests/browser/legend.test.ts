// Issue 4 §5 on a desktop: the legend's marker pictures, captions and Kind Reminder.
// One page, without the map: the legend is beside it and the test never looks at it.
import { describe, expect, it } from 'vitest';
import { setupDemoApp } from './fixture';
import { MESSAGES, find, openScreen, textOf } from './screen-helpers';

const t = MESSAGES.en;

const { app, machines } = setupDemoApp();

describe('legend (issue 4 §5)', () => {
  it('shows the four marker images with their captions and the Kind Reminder', async () => {
    const page = await openScreen(app, machines, { map: false });
    const legend = await find(page, 'region', t.legend.title);
    const items = await legend.$$eval('li', (lis) =>
      lis.map((li) => ({
        text: (li as HTMLElement).innerText,
        image: li.querySelector('img')?.naturalWidth ?? 0,
      })),
    );
    expect(items.map((i) => i.text)).toEqual(['Up to 40% remaining', 'Up to 20% remaining', 'Full', 'Maintenance']);
    for (const item of items) expect(item.image).toBeGreaterThan(0);
    expect(await textOf(legend)).toContain(
      'Kind Reminder: To avoid the inconvenience of finding the RVM full upon arrival, please be advised not to set off to RVM displaying red status.',
    );
    await page.close();
  });
});
