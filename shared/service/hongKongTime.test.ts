import { describe, expect, it } from 'vitest';
import { hongKongDay, hongKongDaysOf, hongKongMonth, hongKongMonthSpan } from './hongKongTime';

describe('Hong Kong time', () => {
  it('starts a month at midnight in Hong Kong, 16:00 UTC the day before', () => {
    const { from, to } = hongKongMonthSpan('2026-11');
    expect(new Date(from).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(new Date(to).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(new Date(hongKongMonthSpan('2026-12').to).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('puts 23:30 UTC on the last of October in Hong Kong’s November', () => {
    const ms = Date.parse('2026-10-31T23:30:00.000Z');
    expect(hongKongDay(ms)).toBe('2026-11-01');
    expect(hongKongMonth(ms)).toBe('2026-11');
    expect(hongKongMonth(Date.parse('2026-10-31T15:59:59.999Z'))).toBe('2026-10');
  });

  it('lists the days of a month', () => {
    expect(hongKongDaysOf('2028-02')).toHaveLength(29);
    expect(hongKongDaysOf('2026-11').at(-1)).toBe('2026-11-30');
  });
});
