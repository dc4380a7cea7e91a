/** How the Service page writes lengths, shares and months. */

/** Whole minutes as hours and minutes: `4 h 05 min`, `45 min`. */
export function hoursAndMinutes(minutes: number): string {
  const whole = Math.round(Math.abs(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours === 0 ? `${rest} min` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** A share (0 to 1) as a whole percentage, or a dash when there is none. */
export const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** The month now in Hong Kong, `YYYY-MM`. */
export const hongKongMonthNow = (nowMs: number): string =>
  new Date(nowMs + 8 * 60 * 60 * 1000).toISOString().slice(0, 7);

/** The last `count` months up to `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, number - 1 - back, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The clock of an open episode against the promise: time left, or late by. */
export const clockOf = (minutesLeft: number): { late: boolean; text: string } => ({
  late: minutesLeft < 0,
  text: hoursAndMinutes(minutesLeft),
});
