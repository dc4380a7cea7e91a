import type OpeningHours from 'opening_hours';
import { scheduleOf } from '../../openNow/openingHours';

/** What the structured hours field says about its text. */
export type HoursCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; detail: string }
  | { kind: 'valid'; openNow: boolean; nextOpening: Date | null; nextClosing: Date | null };

/**
 * Reads an opening_hours text with the library as the public page does (openNow/openingHours.ts: PH as Hong Kong's
 * holidays), and says when the machine next opens and closes. `detail` is the library's own words (English) on
 * where the text cannot be read.
 */
export function checkOpeningHours(value: string, library: typeof OpeningHours, now: Date): HoursCheck {
  const text = value.trim();
  if (text === '') return { kind: 'empty' };
  try {
    // The library knows no Hong Kong holidays; read PH as any day to check the syntax alone.
    new library(text.replace(/\bPH\b/g, 'Mo-Su'), null);
  } catch (error) {
    return { kind: 'invalid', detail: String(error).trim() };
  }
  const schedule = scheduleOf(text);
  if (!schedule) return { kind: 'invalid', detail: '' };
  const openNow = schedule.isOpen(now);
  const first = schedule.nextChange(now);
  const second = first ? schedule.nextChange(first) : null;
  return {
    kind: 'valid',
    openNow,
    nextOpening: openNow ? second : first,
    nextClosing: openNow ? first : second,
  };
}
