import { openingHoursLibrary } from './openingHoursLib';
import { HK_PUBLIC_HOLIDAYS } from './hkPublicHolidays';
import { fromHkWallClock, localDayKey, nextLocalMidnight, toHkWallClock } from './hkTime';

/** A machine's structured opening hours, read on Hong Kong's clock. */
export interface Schedule {
  isOpen(at: Date): boolean;
  /** When the open/closed state next changes, or null when it does not within a week (e.g. 24/7). */
  nextChange(at: Date): Date | null;
}

/** How far ahead `nextChange` looks, in days. */
const LOOKAHEAD_DAYS = 8;
const PH = /\bPH\b/;

/**
 * The library resolves `PH` only for countries it has a table for, and it has none for Hong Kong.
 * So a value naming PH becomes two library values: one for ordinary days, where PH never matches,
 * and one for Hong Kong holidays, where PH matches every day.
 */
function ordinaryDayValue(value: string): string {
  return value
    .split(';')
    .filter((rule) => !/^\s*PH\b(?!\s*,)/.test(rule))
    .map((rule) => rule.replace(/,\s*PH\b|\bPH\s*,/g, ''))
    .join(';');
}

const holidayValue = (value: string): string => value.replace(/\bPH\b/g, 'Mo-Su');

function createSchedule(value: string, OpeningHours: NonNullable<ReturnType<typeof openingHoursLibrary>>): Schedule {
  const ordinary = new OpeningHours(PH.test(value) ? ordinaryDayValue(value) : value, null);
  const holiday = PH.test(value) ? new OpeningHours(holidayValue(value), null) : ordinary;
  const onDay = (wall: Date) => (HK_PUBLIC_HOLIDAYS.has(localDayKey(wall)) ? holiday : ordinary);
  // Evaluate once now, so a value the library parses but cannot evaluate fails here, not in render.
  onDay(toHkWallClock(new Date())).getState(toHkWallClock(new Date()));
  return {
    isOpen: (at) => {
      const wall = toHkWallClock(at);
      return onDay(wall).getState(wall);
    },
    nextChange: (at) => {
      let cursor = toHkWallClock(at);
      const state = onDay(cursor).getState(cursor);
      // Day by day, because a holiday swaps which rules apply at midnight.
      for (let day = 0; day < LOOKAHEAD_DAYS; day++) {
        const midnight = nextLocalMidnight(cursor);
        const change = onDay(cursor).getNextChange(cursor, midnight);
        if (change && change < midnight) return fromHkWallClock(change);
        cursor = midnight;
        if (onDay(cursor).getState(cursor) !== state) return fromHkWallClock(cursor);
      }
      return null;
    },
  };
}

const schedules = new Map<string, Schedule | null>();

/**
 * The schedule for an `opening_hours` value, parsed once per distinct value. Null for no value, one
 * the library cannot read (logged once) or while the library is still loading: such a machine shows
 * only its free-text service hours.
 */
export function scheduleOf(value: string | null | undefined): Schedule | null {
  const trimmed = value?.trim();
  const library = openingHoursLibrary();
  if (!trimmed || !library) return null;
  let schedule = schedules.get(trimmed);
  if (schedule === undefined) {
    try {
      schedule = createSchedule(trimmed, library);
    } catch (error) {
      console.warn(`[rvm] opening_hours "${trimmed}" could not be read; showing the service hours text only`, error);
      schedule = null;
    }
    schedules.set(trimmed, schedule);
  }
  return schedule;
}
