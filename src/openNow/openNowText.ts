import type { TranslationKey, TranslationParams } from '../i18n/translate';
import type { Schedule } from './openingHours';
import { toHkWallClock } from './hkTime';

export interface OpenNowText {
  key: TranslationKey;
  params: TranslationParams;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days from `from` to `to` on Hong Kong's calendar (0 = same day). */
function dayDistance(from: Date, to: Date): number {
  const a = toHkWallClock(from);
  const b = toHkWallClock(to);
  const dayA = Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  const dayB = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate());
  return Math.round((dayB - dayA) / (24 * 60 * 60 * 1000));
}

/**
 * What the card says about a schedule at `now`: open or closed, and when that changes, as a
 * translation key with its parameters. `weekday` formats a day further than tomorrow.
 */
export function openNowText(schedule: Schedule, now: Date, weekday: (at: Date) => string): OpenNowText {
  const open = schedule.isOpen(now);
  const change = schedule.nextChange(now);
  const state = open ? 'open' : 'closed';
  if (!change) return { key: `openNow.${state}Always`, params: {} };
  const wall = toHkWallClock(change);
  const time = `${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
  const days = dayDistance(now, change);
  if (days === 0) return { key: `openNow.${state}Today`, params: { time } };
  if (days === 1) return { key: `openNow.${state}Tomorrow`, params: { time } };
  return { key: `openNow.${state}Later`, params: { time, day: weekday(change) } };
}
