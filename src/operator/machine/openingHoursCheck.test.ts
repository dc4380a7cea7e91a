import OpeningHours from 'opening_hours';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpeningHours } from '../../openNow/openingHoursLib';
import { checkOpeningHours } from './openingHoursCheck';

// Tuesday 3 March 2026, 10:00 in Hong Kong.
const NOW = new Date('2026-03-03T02:00:00Z');
const hk = (date: Date | null) => date && new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

beforeAll(async () => {
  await loadOpeningHours();
});

describe('checkOpeningHours', () => {
  it('says nothing of an empty text', () => {
    expect(checkOpeningHours('  ', OpeningHours, NOW)).toEqual({ kind: 'empty' });
  });

  it('gives the next closing and opening while open', () => {
    const check = checkOpeningHours('Mo-Fr 08:00-20:00', OpeningHours, NOW);
    expect(check.kind).toBe('valid');
    if (check.kind !== 'valid') return;
    expect(check.openNow).toBe(true);
    expect(hk(check.nextClosing)).toBe('2026-03-03T20:00');
    expect(hk(check.nextOpening)).toBe('2026-03-04T08:00');
  });

  it('gives the next opening and closing while closed', () => {
    const check = checkOpeningHours('Sa,Su,PH 09:00-18:00', OpeningHours, NOW);
    if (check.kind !== 'valid') throw new Error(`not valid: ${JSON.stringify(check)}`);
    expect(check.openNow).toBe(false);
    expect(hk(check.nextOpening)).toBe('2026-03-07T09:00');
    expect(hk(check.nextClosing)).toBe('2026-03-07T18:00');
  });

  it('has no next change around the clock', () => {
    expect(checkOpeningHours('24/7', OpeningHours, NOW)).toEqual({
      kind: 'valid',
      openNow: true,
      nextOpening: null,
      nextClosing: null,
    });
  });

  it("refuses what the library cannot read, in the library's words", () => {
    const check = checkOpeningHours('Mo-Fr 25:00-26:00 oops', OpeningHours, NOW);
    expect(check.kind).toBe('invalid');
    if (check.kind === 'invalid') expect(check.detail.length).toBeGreaterThan(0);
  });
});
