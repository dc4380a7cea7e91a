import { describe, expect, it } from 'vitest';
import { clockOf, hongKongMonthNow, hoursAndMinutes, monthsBefore, percent } from './serviceFormat';

describe('the Service page’s lengths, shares and months', () => {
  it('writes minutes as hours and minutes', () => {
    expect(hoursAndMinutes(45)).toBe('45 min');
    expect(hoursAndMinutes(245.4)).toBe('4 h 05 min');
    expect(hoursAndMinutes(-61)).toBe('1 h 01 min');
  });

  it('writes a share as a percentage', () => {
    expect(percent(0.876)).toBe('88 %');
    expect(percent(null)).toBe('—');
  });

  it('says late by when the time is up', () => {
    expect(clockOf(30)).toEqual({ late: false, text: '30 min' });
    expect(clockOf(-90)).toEqual({ late: true, text: '1 h 30 min' });
  });

  it('reads the month in Hong Kong and the ones before', () => {
    expect(hongKongMonthNow(Date.parse('2026-11-30T17:00:00Z'))).toBe('2026-12');
    expect(monthsBefore('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
});
