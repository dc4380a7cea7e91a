import { describe, expect, it } from 'vitest';
import { isStale, isStaleAt } from './staleness';

const MIN = 60_000;
const THIRTY_MIN = 30 * MIN;
const now = Date.parse('2026-11-23T06:00:00Z'); // 14:00 in Hong Kong

describe('isStale (issue 9)', () => {
  it.each([
    ['a report 5 minutes ago', '2026-11-23T05:55:00Z', false],
    ['a report exactly 30 minutes ago (the threshold itself is still fresh)', '2026-11-23T05:30:00Z', false],
    ['a report 30 minutes and 1 ms ago', '2026-11-23T05:29:59.999Z', true],
    ['a report 2 days ago', '2026-11-21T06:00:00Z', true],
    ['a report from the future (machine clock ahead)', '2026-11-23T07:00:00Z', false],
    ['the same instant written in Hong Kong time', '2026-11-23T13:20:00+08:00', true],
    ['a time without offset, read as Hong Kong time (13:45 HKT = 15 min ago)', '2026-11-23T13:45:00', false],
    ['no report', null, false],
    ['an absent field', undefined, false],
    ['unreadable text', 'yesterday', false],
    ['a number (not ISO 8601)', now - 2 * THIRTY_MIN, false],
    ['an impossible date', '2026-02-30T10:00:00Z', false],
  ])('%s → %s', (_name, lastOnline, stale) => {
    expect(isStale(lastOnline, now, THIRTY_MIN)).toBe(stale);
  });

  it('follows the configured threshold', () => {
    const tenMinutesAgo = '2026-11-23T05:50:00Z';
    expect(isStale(tenMinutesAgo, now, 5 * MIN)).toBe(true);
    expect(isStale(tenMinutesAgo, now, 15 * MIN)).toBe(false);
  });

  it('turns stale as the clock moves past the threshold, and fresh again after a new report', () => {
    const report = '2026-11-23T05:40:00Z';
    expect(isStale(report, Date.parse('2026-11-23T06:10:00Z'), THIRTY_MIN)).toBe(false);
    expect(isStale(report, Date.parse('2026-11-23T06:11:00Z'), THIRTY_MIN)).toBe(true);
    expect(isStale('2026-11-23T06:10:30Z', Date.parse('2026-11-23T06:11:00Z'), THIRTY_MIN)).toBe(false);
  });
});

describe('isStaleAt', () => {
  it('agrees with isStale on times already read, and treats null and NaN as unknown', () => {
    const report = Date.parse('2026-11-23T05:29:59.999Z');
    expect(isStaleAt(report, now, THIRTY_MIN)).toBe(isStale('2026-11-23T05:29:59.999Z', now, THIRTY_MIN));
    expect(isStaleAt(now - THIRTY_MIN, now, THIRTY_MIN)).toBe(false);
    expect(isStaleAt(null, now, THIRTY_MIN)).toBe(false);
    expect(isStaleAt(Number.NaN, now, THIRTY_MIN)).toBe(false);
  });
});
