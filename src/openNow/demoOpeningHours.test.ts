import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduleOf } from './openingHours';
import { loadOpeningHours } from './openingHoursLib';

/** The shipped demo data's opening hours (assets/demo/machines.json), as the page reads them for "Open now". */
const ROOT = path.resolve(import.meta.dirname, '../..');
const rows = JSON.parse(fs.readFileSync(path.join(ROOT, 'assets/demo/machines.json'), 'utf8')) as {
  id: string;
  opening_hours?: string | null;
}[];

beforeAll(async () => {
  await loadOpeningHours();
});

describe("the demo data's opening hours", () => {
  it('are given for every machine, and the page can read each', () => {
    expect(rows.length).toBeGreaterThanOrEqual(120);
    for (const { id, opening_hours: hours } of rows) {
      expect(hours, id).toBeTruthy();
      expect(scheduleOf(hours!), `${id}: ${hours}`).not.toBeNull();
    }
  });
});
