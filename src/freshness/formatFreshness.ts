import { HONG_KONG_TIME_ZONE } from '../config';
import type { Locale } from '../../shared/machine';

/** Intl locales for dates: English as written in Hong Kong (day before month, 24-hour clock). */
export const DATE_LOCALE: Record<Locale, string> = { en: 'en-HK', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };

const MS_PER_MIN = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MIN;
const HK_OFFSET_MS = 8 * 60 * MS_PER_MIN;

/**
 * How long ago `atMs` was at `nowMs`, in the locale's words ("5 minutes ago", "5 分鐘前"); null under a
 * minute (the caller says "just now"). A time ahead of `nowMs` (a clock ahead of ours) is also null.
 */
export function timeAgo(atMs: number, nowMs: number, locale: Locale): string | null {
  const minutes = Math.floor((nowMs - atMs) / MS_PER_MIN);
  if (minutes < 1) return null;
  const format = relativeFormat(locale);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** Hong Kong time of `atMs`: the time alone on the day of `nowMs`, with the date otherwise, the year only when it differs. */
export function hongKongTime(atMs: number, nowMs: number, locale: Locale): string {
  const sameDay = hkDay(atMs) === hkDay(nowMs);
  // The time alone reads "HH:MM" in all three languages, and a first Intl date format (time zone data) costs
  // tens of milliseconds on a phone while the page's first screen is being drawn.
  if (sameDay) return hkClock(atMs);
  const sameYear = new Date(atMs + HK_OFFSET_MS).getUTCFullYear() === new Date(nowMs + HK_OFFSET_MS).getUTCFullYear();
  return dateFormat(locale, sameYear).format(atMs);
}

/** "HH:MM" on Hong Kong's clock, which has kept UTC+8 all year since 1979. */
function hkClock(atMs: number): string {
  const hkMinutes = Math.floor((atMs + HK_OFFSET_MS) / MS_PER_MIN);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(hkMinutes / 60) % 24)}:${pad(hkMinutes % 60)}`;
}

/** Intl formats are costly to create: each is made once per language (and options) and kept. */
const formats = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function kept<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

const relativeFormat = (locale: Locale) =>
  kept(`relative ${locale}`, () => new Intl.RelativeTimeFormat(DATE_LOCALE[locale], { numeric: 'always' }));

const dateFormat = (locale: Locale, sameYear: boolean) =>
  kept(
    `date ${locale} ${sameYear}`,
    () =>
      new Intl.DateTimeFormat(DATE_LOCALE[locale], {
        timeZone: HONG_KONG_TIME_ZONE,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        month: 'short',
        day: 'numeric',
        ...(sameYear ? {} : { year: 'numeric' }),
      }),
  );

const hkDay = (ms: number): number => Math.floor((ms + HK_OFFSET_MS) / MS_PER_DAY);
