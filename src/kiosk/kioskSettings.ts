import type { FontSize } from '../config';
import type { RuntimeConfig } from '../runtimeConfig';
import { isFontSize } from '../settings/fontSize';
import type { KioskSettings } from './kioskAtom';

/** Large screens are read from a step back. */
export const KIOSK_FONT_SIZE: FontSize = 'lg';

const KIOSK_ON = new Set(['1', 'true']);

/** Kiosk mode from the query (`?kiosk=1`), with its timings from the deployment. Null when not a kiosk. */
export function readKioskSettings(
  search: string,
  config: Pick<RuntimeConfig, 'kioskRefreshMs' | 'kioskIdleMs'>,
): KioskSettings | null {
  const value = new URLSearchParams(search).get('kiosk');
  if (value === null || !KIOSK_ON.has(value.toLowerCase())) return null;
  return { refreshMs: config.kioskRefreshMs, idleMs: config.kioskIdleMs };
}

/** The kiosk's text size: lg, unless the page was given a valid `?fontSize`. */
export function kioskFontSize(search: string): FontSize {
  const given = new URLSearchParams(search).get('fontSize');
  return isFontSize(given) ? given : KIOSK_FONT_SIZE;
}
