import type { FontSize } from '../config';
import type { RuntimeConfig } from '../runtimeConfig';
import { isFontSize } from '../settings/fontSize';
import { readPlace } from '../../shared/kioskPlace';
import type { KioskSettings } from './kioskAtom';

/** Large screens are read from a step back. */
export const KIOSK_FONT_SIZE: FontSize = 'lg';

const KIOSK_ON = new Set(['1', 'true']);

/**
 * Kiosk mode from the query (`?kiosk=1`), with its timings and place from the deployment; the query's `here`
 * (latitude,longitude) places one kiosk of many. Null when not a kiosk.
 */
export function readKioskSettings(
  search: string,
  config: Pick<RuntimeConfig, 'kioskRefreshMs' | 'kioskIdleMs' | 'kioskHere'>,
): KioskSettings | null {
  const params = new URLSearchParams(search);
  const value = params.get('kiosk');
  if (value === null || !KIOSK_ON.has(value.toLowerCase())) return null;
  return { refreshMs: config.kioskRefreshMs, idleMs: config.kioskIdleMs, here: hereFrom(params, config.kioskHere) };
}

function hereFrom(params: URLSearchParams, deployment: [number, number] | null): [number, number] | null {
  const given = params.get('here');
  if (given === null) return deployment;
  const reading = readPlace(given);
  if ('place' in reading) return reading.place;
  // The kiosk still works, placed as the deployment places it: the one who set it up reads why in the console.
  console.warn(`[rvm] ?here= ${reading.problem}, got "${given}"`);
  return deployment;
}

/** The kiosk's text size: lg, unless the page was given a valid `?fontSize`. */
export function kioskFontSize(search: string): FontSize {
  const given = new URLSearchParams(search).get('fontSize');
  return isFontSize(given) ? given : KIOSK_FONT_SIZE;
}
