import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseFeedTimestamp, parseFeedTimestamp } from './feedTimestamp';

describe('parseFeedTimestamp', () => {
  it.each([
    ['an offset with a colon', '2026-11-23T14:05:00+08:00', '2026-11-23T06:05:00.000Z'],
    ['Z', '2026-11-23T14:05:00Z', '2026-11-23T14:05:00.000Z'],
    ['a lower-case z and t', '2026-11-23t14:05:00z', '2026-11-23T14:05:00.000Z'],
    ['±hhmm without a colon', '2026-11-23T14:05:00-0330', '2026-11-23T17:35:00.000Z'],
    ['a negative offset with a colon', '2026-11-23T01:00:00-05:00', '2026-11-23T06:00:00.000Z'],
    ['no seconds', '2026-11-23T14:05+08:00', '2026-11-23T06:05:00.000Z'],
    ['a space instead of T', '2026-11-23 14:05:00Z', '2026-11-23T14:05:00.000Z'],
    ['milliseconds', '2026-11-23T14:05:00.123Z', '2026-11-23T14:05:00.123Z'],
    ['a short fraction', '2026-11-23T14:05:00.5Z', '2026-11-23T14:05:00.500Z'],
    ['a long fraction, cut to milliseconds', '2026-11-23T14:05:00.123456789Z', '2026-11-23T14:05:00.123Z'],
    ['a comma before the fraction', '2026-11-23T14:05:00,25Z', '2026-11-23T14:05:00.250Z'],
    ['offset +14:00, the largest in use', '2026-01-01T00:00:00+14:00', '2025-12-31T10:00:00.000Z'],
    ['surrounding spaces', '  2026-11-23T14:05:00Z ', '2026-11-23T14:05:00.000Z'],
    ['29 February of a leap year', '2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
    ['the last second of a day', '2026-12-31T23:59:59Z', '2026-12-31T23:59:59.000Z'],
  ])('reads %s', (_name, text, iso) => {
    expect(parseFeedTimestamp(text)).toBe(Date.parse(iso));
    expect(normaliseFeedTimestamp(text)).toBe(iso);
  });

  it('reads a time without an offset as Hong Kong time (UTC+8)', () => {
    expect(normaliseFeedTimestamp('2026-11-23T14:05:00')).toBe('2026-11-23T06:05:00.000Z');
    expect(normaliseFeedTimestamp('2026-11-23T14:05')).toBe('2026-11-23T06:05:00.000Z');
    expect(normaliseFeedTimestamp('2026-11-23T03:00:00')).toBe('2026-11-22T19:00:00.000Z');
    expect(parseFeedTimestamp('2026-11-23T14:05:00')).toBe(parseFeedTimestamp('2026-11-23T14:05:00+08:00'));
  });

  it.each([
    ['30 February', '2026-02-30T10:00:00Z'],
    ['29 February of a common year', '2026-02-29T10:00:00Z'],
    ['31 April', '2026-04-31T10:00:00+08:00'],
    ['day 0', '2026-11-00T10:00:00Z'],
    ['month 0', '2026-00-10T10:00:00Z'],
    ['month 13', '2026-13-01T10:00:00Z'],
    ['24:00', '2026-11-23T24:00:00Z'],
    ['minute 60', '2026-11-23T14:60:00Z'],
    ['second 60', '2026-11-23T14:05:60Z'],
    ['offset +15:00', '2026-11-23T14:05:00+15:00'],
    ['offset +14:30', '2026-11-23T14:05:00+14:30'],
    ['offset minutes 60', '2026-11-23T14:05:00+08:60'],
    ['a date alone', '2026-11-23'],
    ['a time alone', '14:05:00'],
    ['words', 'yesterday'],
    ['an English date', 'Mon, 23 Nov 2026 14:05:00 GMT'],
    ['a two-digit year', '26-11-23T14:05:00Z'],
    ['a named zone', '2026-11-23T14:05:00 HKT'],
    ['a single-digit hour', '2026-11-23T4:05:00Z'],
    ['an empty string', ''],
    ['an instant before year 0000 in UTC', '0000-01-01T00:00:00+08:00'],
    ['an instant after year 9999 in UTC', '9999-12-31T23:00:00-05:00'],
  ])('refuses %s', (_name, text) => {
    expect(parseFeedTimestamp(text)).toBeNull();
    expect(normaliseFeedTimestamp(text)).toBeNull();
  });

  it.each([
    ['a number (epoch ms)', 1795413900000],
    ['a Date', new Date('2026-11-23T14:05:00Z')],
    ['null', null],
    ['undefined', undefined],
    ['true', true],
    ['an object', { at: '2026-11-23T14:05:00Z' }],
    ['an array', ['2026-11-23T14:05:00Z']],
  ])('refuses %s: only strings are timestamps', (_name, value) => {
    expect(parseFeedTimestamp(value)).toBeNull();
    expect(normaliseFeedTimestamp(value)).toBeNull();
  });

  it('refuses over-long strings without looking further', () => {
    expect(parseFeedTimestamp(`2026-11-23T14:05:00.${'1'.repeat(9)}+08:00`)).not.toBeNull();
    expect(parseFeedTimestamp(`2026-11-23T14:05:00Z${' '.repeat(30)}`)).toBeNull();
    expect(parseFeedTimestamp('2'.repeat(100_000))).toBeNull();
  });

  it('reads its own normalised answer back as the same instant', () => {
    const dates = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    const offsets = fc.constantFrom('Z', '+08:00', '-05:30', '+14:00', '-14:00', '+0545', '');
    fc.assert(
      fc.property(dates, offsets, (date, offset) => {
        const written = date.toISOString().replace('Z', offset);
        const normalised = normaliseFeedTimestamp(written);
        if (normalised === null) return;
        expect(parseFeedTimestamp(normalised)).toBe(Date.parse(normalised));
        expect(normaliseFeedTimestamp(normalised)).toBe(normalised);
      }),
    );
  });

  it('gives every UTC instant of years 0000 to 9999 back unchanged', () => {
    const dates = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(fc.property(dates, (date) => normaliseFeedTimestamp(date.toISOString()) === date.toISOString()));
  });
});
