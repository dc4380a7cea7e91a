/** Hong Kong keeps UTC+8 all year (no daylight saving since 1979): a day or month there is a fixed span of UTC. */
const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A month as `YYYY-MM`. */
export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** The month's first instant and the next month's first instant, in Hong Kong time, as milliseconds since 1970. */
export function hongKongMonthSpan(month: string): { from: number; to: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    from: Date.UTC(year, monthNumber - 1, 1) - HONG_KONG_OFFSET_MS,
    to: Date.UTC(year, monthNumber, 1) - HONG_KONG_OFFSET_MS,
  };
}

/** The Hong Kong date (`YYYY-MM-DD`) of an instant. */
export const hongKongDay = (ms: number): string => new Date(ms + HONG_KONG_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The Hong Kong date of a day number: days from 1 January 1970 in Hong Kong, which is an instant's milliseconds plus
 * 8 hours divided by a day's and rounded down (as the service levels' SQL groups episodes by day).
 */
export const hongKongDayOfNumber = (dayNumber: number): string =>
  new Date(dayNumber * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The Hong Kong month (`YYYY-MM`) of an instant. */
export const hongKongMonth = (ms: number): string => hongKongDay(ms).slice(0, 7);

/** Every Hong Kong date of the month, in order. */
export function hongKongDaysOf(month: string): string[] {
  const { from, to } = hongKongMonthSpan(month);
  const days: string[] = [];
  for (let ms = from; ms < to; ms += 24 * 60 * 60 * 1000) days.push(hongKongDay(ms));
  return days;
}
