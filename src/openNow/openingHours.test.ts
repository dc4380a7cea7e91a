import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOpeningHours } from './openingHoursLib';
import { scheduleOf } from './openingHours';
import { openNowText } from './openNowText';

const hk = (local: string) => new Date(`${local}+08:00`);
const weekday = (at: Date) =>
  new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'Asia/Hong_Kong' }).format(at);

beforeAll(async () => {
  await loadOpeningHours();
});

describe('scheduleOf', () => {
  afterEach(() => vi.restoreAllMocks());

  // 2026-12-25 (Friday) and 2026-12-26 (Saturday) are Hong Kong general holidays; 2026-12-27 is a Sunday.
  it.each([
    ['Mo-Sa 08:00-22:00; Su,PH off', '2026-12-24T10:00', true, '2026-12-24T22:00'],
    ['Mo-Sa 08:00-22:00; Su,PH off', '2026-12-24T23:00', false, '2026-12-28T08:00'],
    ['Mo-Sa 08:00-22:00; Su,PH off', '2026-12-25T10:00', false, '2026-12-28T08:00'],
    ['Mo-Sa 08:00-22:00; Su,PH 09:00-18:00', '2026-12-25T10:00', true, '2026-12-25T18:00'],
    ['Mo-Sa 08:00-22:00; Su,PH 09:00-18:00', '2026-12-25T08:30', false, '2026-12-25T09:00'],
    ['Mo-Sa 08:00-22:00; Su,PH 09:00-18:00', '2026-12-23T08:30', true, '2026-12-23T22:00'],
    ['Mo-Fr 09:00-18:00; PH off', '2026-12-24T12:00', true, '2026-12-24T18:00'],
    ['Mo-Fr 09:00-18:00; PH off', '2026-12-25T12:00', false, '2026-12-28T09:00'],
    ['Mo-Su 10:00-22:00', '2026-11-23T23:59', false, '2026-11-24T10:00'],
    ['Mo,We-Su 10:00-18:00; Tu off', '2026-11-24T12:00', false, '2026-11-25T10:00'],
  ])('%s at %s: open %s, changes %s', (value, at, open, change) => {
    const schedule = scheduleOf(value)!;
    expect(schedule.isOpen(hk(at))).toBe(open);
    expect(schedule.nextChange(hk(at))?.toISOString()).toBe(hk(change).toISOString());
  });

  it('never changes for 24/7', () => {
    const schedule = scheduleOf('24/7')!;
    expect(schedule.isOpen(hk('2026-12-25T03:00'))).toBe(true);
    expect(schedule.nextChange(hk('2026-12-25T03:00'))).toBeNull();
  });

  it('reads Hong Kong time whatever the time zone of the browser', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      const schedule = scheduleOf('Mo-Sa 08:00-22:00; Su,PH off')!;
      expect(schedule.isOpen(hk('2026-12-24T10:00'))).toBe(true);
      expect(schedule.isOpen(hk('2026-12-25T10:00'))).toBe(false);
      expect(schedule.nextChange(hk('2026-12-24T10:00'))?.toISOString()).toBe(hk('2026-12-24T22:00').toISOString());
    } finally {
      process.env.TZ = before;
    }
  });

  it('treats no value as no structured hours', () => {
    expect(scheduleOf(null)).toBeNull();
    expect(scheduleOf(undefined)).toBeNull();
    expect(scheduleOf('  ')).toBeNull();
  });

  it('treats a value the library cannot read as no structured hours, and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(scheduleOf('Mo-Su 25:00-26:00 maybe')).toBeNull();
    expect(scheduleOf('Mo-Su 25:00-26:00 maybe')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('parses each distinct value once', () => {
    expect(scheduleOf('Mo-Su 06:00-20:00')).toBe(scheduleOf('Mo-Su 06:00-20:00'));
  });
});

describe('openNowText', () => {
  it.each([
    ['Mo-Su 10:00-22:00', '2026-11-23T12:00', 'openNow.openToday', { time: '22:00' }],
    ['Mo-Su 10:00-22:00', '2026-11-23T08:00', 'openNow.closedToday', { time: '10:00' }],
    ['Mo-Su 07:00-23:00', '2026-11-23T23:30', 'openNow.closedTomorrow', { time: '07:00' }],
    ['Mo-Su 20:00-02:00', '2026-11-23T21:00', 'openNow.openTomorrow', { time: '02:00' }],
    ['Mo-Sa 08:00-22:00; Su,PH off', '2026-12-24T23:00', 'openNow.closedLater', { time: '08:00', day: 'Mon' }],
    ['24/7', '2026-11-23T12:00', 'openNow.openAlways', {}],
    ['off', '2026-11-23T12:00', 'openNow.closedAlways', {}],
  ])('%s at %s', (value, at, key, params) => {
    expect(openNowText(scheduleOf(value)!, hk(at), weekday)).toEqual({ key, params });
  });
});
