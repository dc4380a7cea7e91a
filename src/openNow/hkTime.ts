/** Hong Kong has kept UTC+8 all year since 1979: no daylight saving to follow. */
const HK_OFFSET_MIN = 8 * 60;
const MS_PER_MIN = 60 * 1000;

/**
 * A Date whose local fields (getHours, getDay…) read Hong Kong's wall clock at `instant`, whatever the
 * browser's own time zone: the opening_hours library reads local fields, and the machines are in Hong Kong.
 */
export function toHkWallClock(instant: Date): Date {
  return new Date(instant.getTime() + (instant.getTimezoneOffset() + HK_OFFSET_MIN) * MS_PER_MIN);
}

/** The inverse of `toHkWallClock`. */
export function fromHkWallClock(wall: Date): Date {
  return new Date(wall.getTime() - (wall.getTimezoneOffset() + HK_OFFSET_MIN) * MS_PER_MIN);
}

/** YYYY-MM-DD of a wall-clock Date's local day. */
export function localDayKey(wall: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** Local midnight starting the day after `wall`. */
export function nextLocalMidnight(wall: Date): Date {
  return new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + 1);
}
