import { describe, expect, it } from 'vitest';
import { DATE_LOCALE, hongKongTime, timeAgo } from './formatFreshness';

const MIN = 60_000;
const now = Date.parse('2026-11-23T06:00:00Z'); // 14:00 in Hong Kong

describe('timeAgo', () => {
  it.each([
    ['en', 5 * MIN, '5 minutes ago'],
    ['en', 1 * MIN, '1 minute ago'],
    ['en', 90 * MIN, '1 hour ago'],
    ['en', 3 * 24 * 60 * MIN, '3 days ago'],
    ['zht', 5 * MIN, '5 分鐘前'],
    ['zhs', 5 * MIN, '5分钟前'],
  ] as const)('%s, %i ms → %s', (locale, ago, text) => {
    expect(timeAgo(now - ago, now, locale)).toBe(text);
  });

  it('is null under a minute and for a time ahead of now (the card says "just now")', () => {
    expect(timeAgo(now - 59_000, now, 'en')).toBeNull();
    expect(timeAgo(now + 5 * MIN, now, 'en')).toBeNull();
  });
});

describe('hongKongTime', () => {
  it('writes the time alone as Intl does in every language, across the day', () => {
    const midnight = Date.parse('2026-11-22T16:00:00Z'); // 00:00 on 23 Nov in Hong Kong
    for (const locale of ['en', 'zht', 'zhs'] as const) {
      const intl = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
        timeZone: 'Asia/Hong_Kong',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      for (let at = midnight; at < midnight + 24 * 60 * MIN; at += 7 * MIN + 13_000) {
        expect(hongKongTime(at, now, locale)).toBe(intl.format(at));
      }
    }
  });

  it('gives the time alone on the same Hong Kong day, whatever the UTC day', () => {
    // 00:30 on 23 Nov in Hong Kong is still 22 Nov in UTC.
    expect(hongKongTime(Date.parse('2026-11-22T16:30:00Z'), now, 'en')).toBe('00:30');
  });

  it('adds the date on another day and the year in another year, per language', () => {
    const earlier = Date.parse('2026-11-20T06:05:00Z');
    expect(hongKongTime(earlier, now, 'en')).toMatch(/^20 Nov,? 14:05$/);
    expect(hongKongTime(earlier, now, 'zht')).toMatch(/^11月20日\s?14:05$/);
    expect(hongKongTime(earlier, now, 'zhs')).toMatch(/^11月20日\s?14:05$/);
    expect(hongKongTime(Date.parse('2025-12-31T15:59:00Z'), now, 'en')).toMatch(/2025/);
  });
});
