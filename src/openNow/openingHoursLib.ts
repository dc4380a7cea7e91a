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
  loading ??= import('opening_hours').then((module) => {
    library = module.default;
    for (const listener of whenLoaded) listener();
    return library;
  });
  return loading;
}

const whenLoaded = new Set<() => void>();

/** The longest the library waits for the page to be idle before it loads anyway. */
const IDLE_LOAD_TIMEOUT_MS = 3000;

/**
 * True once the library is loaded. Reading it starts the load when the page is next idle: fetching and
 * evaluating it while the map starts took main-thread time from the map's first frame. `loadOpeningHours`
 * loads it at once, for a visitor who turns 'Open now' on before that.
 */
export const openingHoursReadyAtom = atom(false);
openingHoursReadyAtom.debugLabel = 'openingHoursReady';
openingHoursReadyAtom.onMount = (set) => {
  if (library) return set(true);
  const ready = () => set(true);
  whenLoaded.add(ready);
  const load = () => {
    loadOpeningHours().catch((error: unknown) => console.warn('[rvm] the opening hours library could not be loaded', error));
  };
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: IDLE_LOAD_TIMEOUT_MS }) : null;
  if (idle === null) load();
  return () => {
    whenLoaded.delete(ready);
    if (idle !== null) cancelIdleCallback(idle);
  };
};
