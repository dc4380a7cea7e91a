/** Hong Kong has kept UTC+8 all year since 1979; a feed time without an offset is read as Hong Kong time. */
export const HONG_KONG_OFFSET = '+08:00';

/** The earliest report time a machine may give: before it, the machine's clock was never set. */
export const EARLIEST_REPORT_DAY = '2000-01-01';
const EARLIEST_REPORT_MS = Date.parse(`${EARLIEST_REPORT_DAY}T00:00:00Z`);
/**
 * How far ahead of the checking clock a report time may be: a machine's clock a little fast, never a date still to
 * come (a `last_online` in 9999 would keep a silent machine "reporting" for ever).
 */
export const REPORT_MAX_AHEAD_MINUTES = 5;

/** A report time (epoch ms) that can be true: not before 2000, not more than a few minutes ahead of `nowMs`. */
export const isPlausibleReportTime = (ms: number, nowMs: number): boolean =>
  ms >= EARLIEST_REPORT_MS && ms <= nowMs + REPORT_MAX_AHEAD_MINUTES * 60_000;

// Calendar date, 'T' or space, hours:minutes, optional seconds and fraction, optional Z or ±hh:mm / ±hhmm.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A feed timestamp (`last_online`, `last_emptied_at`, `last_full`) as epoch milliseconds, or null when
 * it is absent or not a real ISO 8601 date-time (e.g. 2026-02-30 or 24:00 are refused, not rolled over).
 */
export function parseFeedTimestamp(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return null;
  }
  const offset = zone === undefined ? HONG_KONG_OFFSET : zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
  if (offset === null) return null;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const ms = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  if (!Number.isFinite(ms)) return null;
  // Near year 0000 or 9999 the offset can push the instant out of four-digit years, which toISOString
  // writes as ±YYYYYY: normaliseFeedTimestamp's answer must read back here.
  const utcYear = new Date(ms).getUTCFullYear();
  if (utcYear < 0 || utcYear > 9999) return null;
  // Date.parse rolls 2026-02-30 over to March; a real date reads back as the same calendar day.
  const wallClock = new Date(ms + offsetMinutes(offset) * 60_000);
  if (wallClock.getUTCDate() !== Number(day) || wallClock.getUTCMonth() + 1 !== Number(month)) return null;
  return ms;
}

/** The timestamp as the API answers it: ISO 8601 in UTC, or null. */
export function normaliseFeedTimestamp(value: unknown): string | null {
  const ms = parseFeedTimestamp(value);
  return ms === null ? null : new Date(ms).toISOString();
}

/** ±hh:mm, or null for an offset no place on earth uses (beyond ±14:00). */
function normaliseOffset(zone: string): string | null {
  const digits = zone.replace(':', '');
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3));
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
  return `${digits.slice(0, 3)}:${digits.slice(3)}`;
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}
