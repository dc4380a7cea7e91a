// Issue 68 point 1: a visitor reports a problem from a machine's card (the map's popup), by keyboard, on the real
// server with the demo data, axe-core finding nothing serious; then an operator of its district sees it on the
// console's Reports page, where the fleet table's count leads and where the operator resolves it with a note
// (decision 0072). Its tests share one loaded page: the English map page with the list loaded, which the second
// test leaves for the console.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { seriousFindings } from '../../testkit/browser/axe';
import { setupDemoApp } from './fixture';
import { aria, fill, find, findDialog, gone, MESSAGES, openPopup, waitFor, waitForListLength } from './screen-helpers';
import { setupSharedPage } from './sharedPage';
import { addPerson, signIn } from './consolePeople';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import en from '../../src/card/report/locales/en.json';

const t = MESSAGES.en;
const MACHINE = 'RVM-008'; // Times Square

const { app, machines } = setupDemoApp();

/** The accessible name and role of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      tag: element?.tagName,
      type: element?.type,
      text: element?.closest('label')?.textContent ?? element?.textContent,
    };
  });

describe('report a problem from the card (issue 68)', () => {
  const shared = setupSharedPage(app, '/', { ready: (page) => waitForListLength(page, t.list.title, machines.length) });

  it('sends a report by keyboard, says it was received and what happens next, and stores it as text', async () => {
    const { page } = shared;
    const machine = machines.find((m) => m.id === MACHINE)!;
    const popup = await openPopup(page, machine);
    const title = t.card.reportProblemWith.replace('{{name}}', machine.name_en);
    await (await popup.waitForSelector(aria('button', title)))!.click();

    // The dialog, named for the machine, with the first kind focused once its form has loaded.
    const dialog = await find(page, 'dialog', title);
    await dialog.waitForSelector(aria('radio', en.fullShownWithRoom), { visible: true });
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', type: 'radio', text: en.fullShownWithRoom });
    await page.keyboard.press('Space');
    expect(await seriousFindings(page, 'report form')).toEqual([]);

    const text = await dialog.waitForSelector(aria('textbox', en.text));
    await text!.type('<b>full</b> since noon');
    await (await dialog.waitForSelector(aria('button', en.send)))!.click();

    await dialog.waitForSelector(`::-p-text(${en.received})`, { timeout: 15_000 });
    await dialog.waitForSelector(`::-p-text(${en.next})`);
    await page.waitForFunction((close) => document.activeElement?.textContent === close, {}, en.close);
    expect(await seriousFindings(page, 'report received')).toEqual([]);

    const db = new Database(app.server.dbPath, { readonly: true });
    try {
      expect(db.prepare('SELECT machine_id, district, kind, text, state FROM problem_reports').all()).toEqual([
        {
          machine_id: MACHINE,
          district: machine.district,
          kind: 'fullShownWithRoom',
          text: '<b>full</b> since noon',
          state: 'open',
        },
      ]);
    } finally {
      db.close();
    }

    await page.keyboard.press('Enter');
    await gone(page, 'dialog', title);
  });

  it("shows the report on the console's Reports page to an operator of the machine's district", async () => {
    const { page } = shared;
    const machine = machines.find((m) => m.id === MACHINE)!;
    await addPerson(app.server, 'rio', 'operator', { districts: [machine.district!] });
    await page.goto(`${app.server.url}/login`);
    await signIn(page, 'rio');
    await (await find(page, 'link', consoleEn.reports.nav)).click();
    const table = await find(page, 'table', consoleEn.reports.table);
    const row = await table.waitForSelector('tbody tr');
    const cells = await row!.$$eval('th, td', (all) => all.map((cell) => (cell as HTMLElement).innerText.trim()));
    expect(cells).toEqual([
      MACHINE,
      expect.any(String),
      consoleEn.reports.kindFullShownWithRoom,
      '<b>full</b> since noon',
      expect.any(String),
      consoleEn.reports.closeOne,
    ]);
    expect(await seriousFindings(page, 'reports page')).toEqual([]);
  });

  it('counts the report on the fleet table, and resolves it with a note on the Reports page', async () => {
    const { page } = shared;
    const r = consoleEn.reports;
    await (await find(page, 'link', consoleEn.console.fleet)).click();
    // The count is a column the table sorts by as it does by the others: the first press puts most reports first.
    const column = consoleEn.fleet.column.reports;
    await (await find(page, 'button', column)).click();
    const sorted = await find(page, 'columnheader', column);
    expect(await sorted.evaluate((header) => header.getAttribute('aria-sort'))).toBe('descending');
    const firstRow = () =>
      page.$eval('[role="row"][aria-rowindex="2"]', (row) =>
        [...row.querySelectorAll('[role="cell"]')].map((cell) => (cell as HTMLElement).innerText),
      );
    const first = await waitFor(
      firstRow,
      (cells) => cells.some((cell) => cell.includes(MACHINE)),
      'the most reported first',
    );
    expect(first.at(-1)).toBe('1');
    await (await find(page, 'textbox', consoleEn.fleet.search)).type(MACHINE);
    await (await find(page, 'link', fill(r.countLink, { count: 1 }))).click();
    await find(page, 'heading', r.ofMachine.replace('{{id}}', MACHINE));

    const db = new Database(app.server.dbPath, { readonly: true });
    const id = db.prepare('SELECT id FROM problem_reports').pluck().get() as number;
    db.close();
    await (await find(page, 'button', r.closeOneLabel.replace('{{id}}', String(id)))).click();
    // Clicked once the dialog has come in: while it slides in, a click can land beside its button.
    const dialog = await findDialog(page, r.closeTitle.replace('{{id}}', String(id)));
    // Without a note it says what is missing, and closes nothing.
    await (await dialog.waitForSelector(aria('button', r.save)))!.click();
    await dialog.waitForSelector(`::-p-text(${r.noteMissing})`);
    expect(await seriousFindings(page, 'close dialog')).toEqual([]);
    await (await dialog.waitForSelector(aria('textbox', r.note)))!.type('Emptied at 14:00');
    await (await dialog.waitForSelector(aria('button', r.save)))!.click();
    await page.waitForSelector(`::-p-text(${fill(r.closedNow, { count: 1 })})`);
    await page.waitForSelector(`::-p-text(${r.none})`);
    // The dialog's overlay fades out after it closes; a click before then lands on the overlay: the click waits until
    // nothing covers the button.
    await gone(page, 'dialog', r.closeTitle.replace('{{id}}', String(id)));
    const showClosed = (await page.waitForSelector(`::-p-text(${r.showClosed})`))!;
    await page.waitForFunction(
      (button) => {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && (button.contains(top) || top.contains(button));
      },
      {},
      showClosed,
    );
    await showClosed.click();
    const closed = await find(page, 'table', r.closedTable);
    const row = await closed.waitForSelector('tbody tr');
    const cells = await row!.$$eval('th, td', (all) => all.map((cell) => (cell as HTMLElement).innerText.trim()));
    expect(cells).toEqual([
      MACHINE,
      r.kindFullShownWithRoom,
      '<b>full</b> since noon',
      expect.any(String),
      r.stateResolved,
      'Emptied at 14:00',
      'rio',
      expect.any(String),
    ]);
    expect(await seriousFindings(page, 'closed reports')).toEqual([]);
  });
});
