import { describe, expect, it } from 'vitest';
import { HK_PUBLIC_HOLIDAYS } from './hkPublicHolidays';
import { toHkWallClock } from './hkTime';

/** The Government gazettes the next year's general holidays by mid-year; from October the table must have them. */
const NEXT_YEAR_NEEDED_FROM_MONTH = 10;
/** Hong Kong has 17 general holidays a year; a year with fewer listed is incomplete. */
const HOLIDAYS_A_YEAR_AT_LEAST = 12;

/** The years the table must cover at `now` and does not: this year, and from 1 October (Hong Kong time) the next. */
function yearsMissing(table: ReadonlySet<string>, now: Date): number[] {
  const wall = toHkWallClock(now);
  const year = wall.getFullYear();
  const needed = wall.getMonth() + 1 >= NEXT_YEAR_NEEDED_FROM_MONTH ? [year, year + 1] : [year];
  const listed = (y: number) => [...table].filter((day) => day.startsWith(`${y}-`)).length;
  return needed.filter((y) => listed(y) < HOLIDAYS_A_YEAR_AT_LEAST);
}

describe('the Hong Kong general holidays table', () => {
  it('covers this year, and from 1 October the next one too, or "open now" would ignore public holidays', () => {
    expect(yearsMissing(HK_PUBLIC_HOLIDAYS, new Date()), 'add the gazetted year(s) to hkPublicHolidays.ts').toEqual([]);
  });

  it('asks for the next year from 1 October, Hong Kong time', () => {
    expect(yearsMissing(HK_PUBLIC_HOLIDAYS, new Date('2027-09-30T15:59:00Z'))).toEqual([]);
    expect(yearsMissing(HK_PUBLIC_HOLIDAYS, new Date('2027-09-30T16:00:00Z'))).toEqual([2028]);
    expect(yearsMissing(HK_PUBLIC_HOLIDAYS, new Date('2029-03-01T00:00:00Z'))).toEqual([2029]);
  });

  it('holds only real dates, YYYY-MM-DD, in order', () => {
    const days = [...HK_PUBLIC_HOLIDAYS];
    for (const day of days) expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
    expect(days).toEqual([...days].sort());
  });
});
