import type { Locale } from '../../../shared/machine';
import { DATE_LOCALE } from '../../freshness/formatFreshness';
import type { ConsoleT } from '../i18n/useConsoleT';

/** How the Service page and the crew's run write lengths, shares and months. */

/**
 * Whole minutes as hours and minutes in the interface language's units (`service.duration`, plural texts of a
 * count each): `4 h 5 min`, `4 小時 5 分鐘`, `4 h`, `45 min`.
 */
export function hoursAndMinutes(minutes: number, t: ConsoleT): string {
  const whole = Math.round(Math.abs(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const minutesText = t('service.duration.minutes', { count: rest });
  if (hours === 0) return minutesText;
  const hoursText = t('service.duration.hours', { count: hours });
  return rest === 0 ? hoursText : `${hoursText} ${minutesText}`;
}

/** A share (0 to 1) as a whole percentage, or a dash when there is none. */
export const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** The month now in Hong Kong, `YYYY-MM`. */
export const hongKongMonthNow = (nowMs: number): string =>
  new Date(nowMs + 8 * 60 * 60 * 1000).toISOString().slice(0, 7);

/** A month, `YYYY-MM`, as the language names it: `December 2026`, `2026年12月`. */
export function monthName(month: string, locale: Locale): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, number - 1, 1),
  );
}

/** The last `count` months up to `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, number - 1 - back, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The clock of an open episode against the promise: time left, or late by. */
export const clockOf = (minutesLeft: number, t: ConsoleT): { late: boolean; text: string } => ({
  late: minutesLeft < 0,
  text: hoursAndMinutes(minutesLeft, t),
});
