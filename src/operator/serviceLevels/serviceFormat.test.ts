import { describe, expect, it } from 'vitest';
import { consoleText } from '../i18n/consoleMessages';
import en from '../i18n/locales/en.json';
import zhs from '../i18n/locales/zhs.json';
import zht from '../i18n/locales/zht.json';
import type { ConsoleT } from '../i18n/useConsoleT';
import { clockOf, hongKongMonthNow, hoursAndMinutes, monthName, monthsBefore, percent } from './serviceFormat';

const tIn =
  (locale: 'en' | 'zht' | 'zhs'): ConsoleT =>
  (key, params) =>
    consoleText({ en, zht, zhs }, locale, key, params) ?? key;
const t = tIn('en');

describe('the Service page’s lengths, shares and months', () => {
  it('writes minutes as hours and minutes', () => {
    expect(hoursAndMinutes(45, t)).toBe('45 min');
    expect(hoursAndMinutes(245.4, t)).toBe('4 h 5 min');
    expect(hoursAndMinutes(-61, t)).toBe('1 h 1 min');
    expect(hoursAndMinutes(240, t)).toBe('4 h');
  });

  it('writes them in the units of each Chinese script', () => {
    expect(hoursAndMinutes(245, tIn('zht'))).toBe('4 小時 5 分鐘');
    expect(hoursAndMinutes(45, tIn('zht'))).toBe('45 分鐘');
    expect(hoursAndMinutes(245, tIn('zhs'))).toBe('4 小时 5 分钟');
    expect(hoursAndMinutes(240, tIn('zhs'))).toBe('4 小时');
  });

  it('writes a share as a percentage', () => {
    expect(percent(0.876)).toBe('88 %');
    expect(percent(null)).toBe('—');
  });

  it('says late by when the time is up', () => {
    expect(clockOf(30, t)).toEqual({ late: false, text: '30 min' });
    expect(clockOf(-90, t)).toEqual({ late: true, text: '1 h 30 min' });
  });

  it('reads the month in Hong Kong and the ones before', () => {
    expect(hongKongMonthNow(Date.parse('2026-11-30T17:00:00Z'))).toBe('2026-12');
    expect(monthsBefore('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('names a month in each language', () => {
    expect(monthName('2026-12', 'en')).toBe('December 2026');
    expect(monthName('2026-12', 'zht')).toBe('2026年12月');
    expect(monthName('2026-01', 'zhs')).toBe('2026年1月');
  });
});
