import { atom } from 'jotai';
import type OpeningHours from 'opening_hours';

type OpeningHoursClass = typeof OpeningHours;

let library: OpeningHoursClass | null = null;
let loading: Promise<OpeningHoursClass> | null = null;

/** The opening_hours library once loaded, else null. */
export const openingHoursLibrary = (): OpeningHoursClass | null => library;

/**
 * Loads the library (about 700 kB, mostly other countries' holiday tables) in its own chunk, so the
 * page's first load does not wait for it.
 */
export function loadOpeningHours(): Promise<OpeningHoursClass> {
  loading ??= import('opening_hours').then((module) => (library = module.default));
  return loading;
}

/** True once the library is loaded; reading it starts the load. */
export const openingHoursReadyAtom = atom(false);
openingHoursReadyAtom.debugLabel = 'openingHoursReady';
openingHoursReadyAtom.onMount = (set) => {
  if (library) return set(true);
  loadOpeningHours().then(
    () => set(true),
    (error: unknown) => console.warn('[rvm] the opening hours library could not be loaded', error),
  );
};
