import { atom } from 'jotai';
import { translate, type TranslationKey } from '../i18n/translate';
import { localeAtom } from '../i18n/localeAtom';
import { showMessageAtom } from '../messages/messageAtom';

export type Geolocation = { state: 'idle' | 'locating' | 'failed' } | { state: 'located'; position: [number, number] };

/** The visitor's position, asked for only when they press a Near me control. */
export const geolocationAtom = atom<Geolocation>({ state: 'idle' });
geolocationAtom.debugLabel = 'geolocation';

/** The visitor's [latitude, longitude], or null when not known. */
export const positionAtom = atom((get) => {
  const g = get(geolocationAtom);
  return g.state === 'located' ? g.position : null;
});

const LOCATE_TIMEOUT_MS = 15_000;
/** A position up to a minute old is good enough to pick a machine to walk to. */
const POSITION_MAX_AGE_MS = 60_000;

const ERROR_KEYS: Record<number, TranslationKey> = {
  1: 'nearby.denied',
  2: 'nearby.unavailable',
  3: 'nearby.timeout',
};

/** Asks the browser for the position; a refusal or failure is explained in the message bar. Resolves to it or null. */
export const locateAtom = atom(null, (get, set): Promise<[number, number] | null> => {
  const fail = (key: TranslationKey) => {
    set(geolocationAtom, { state: 'failed' });
    set(showMessageAtom, translate(get(localeAtom), key));
    return null;
  };
  if (typeof navigator === 'undefined' || !('geolocation' in navigator))
    return Promise.resolve(fail('nearby.unavailable'));
  set(geolocationAtom, { state: 'locating' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position: [number, number] = [coords.latitude, coords.longitude];
        set(geolocationAtom, { state: 'located', position });
        resolve(position);
      },
      (error) => resolve(fail(ERROR_KEYS[error.code] ?? 'nearby.unavailable')),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
});
