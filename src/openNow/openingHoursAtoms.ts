import { atom } from 'jotai';
import { loadOpeningHours, onOpeningHoursLoaded, openingHoursLibrary } from './openingHoursLib';

/** The longest the library waits for the page to be idle before it loads anyway. */
const IDLE_LOAD_TIMEOUT_MS = 3000;

/** An atom that is true once the library is loaded; mounting it starts the load, at once or when the page is idle. */
function libraryReadyAtom(start: 'now' | 'when idle') {
  const ready = atom(false);
  ready.onMount = (set) => {
    if (openingHoursLibrary()) return set(true);
    const stopListening = onOpeningHoursLoaded(() => set(true));
    const load = () => {
      loadOpeningHours().catch((error: unknown) =>
        console.warn('[rvm] the opening hours library could not be loaded', error),
      );
    };
    const idle =
      start === 'when idle' && typeof requestIdleCallback === 'function'
        ? requestIdleCallback(load, { timeout: IDLE_LOAD_TIMEOUT_MS })
        : null;
    if (idle === null) load();
    return () => {
      stopListening();
      if (idle !== null) cancelIdleCallback(idle);
    };
  };
  return ready;
}

/**
 * True once the library is loaded; reading it starts the load when the page is next idle, for the cards to come:
 * fetching and evaluating it while the map starts took main-thread time from the map's first frame.
 */
export const openingHoursReadyAtom = libraryReadyAtom('when idle');
openingHoursReadyAtom.debugLabel = 'openingHoursReady';

/** The same, loading at once: read by the 'Open now' filter while it is on (from the switch or a shared link). */
export const openingHoursNeededAtom = libraryReadyAtom('now');
openingHoursNeededAtom.debugLabel = 'openingHoursNeeded';
