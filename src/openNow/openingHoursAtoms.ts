import { atom } from 'jotai';
import { afterFirstViewWhenIdle } from '../pageLoad/firstView';
import { loadOpeningHours, onOpeningHoursLoaded, openingHoursLibrary } from './openingHoursLib';

/** The longest the library waits for the page to be idle before it loads anyway. */
const IDLE_LOAD_TIMEOUT_MS = 3000;

/**
 * An atom that is true once the library is loaded; mounting it starts the load, at once or, 'when idle', once the
 * first view is complete and then the page is idle.
 */
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
    if (start === 'now') {
      load();
      return stopListening;
    }
    const cancelLoad = afterFirstViewWhenIdle(load, IDLE_LOAD_TIMEOUT_MS);
    return () => {
      cancelLoad();
      stopListening();
    };
  };
  return ready;
}

/**
 * True once the library is loaded; reading it starts the load once the map's first view is complete and the page
 * is idle, for the 'Open now' switch to come: fetched while the map starts, its 90 KB shared a phone's link with the
 * map's code, and evaluating it took main-thread time from the map's first frame.
 */
export const openingHoursReadyAtom = libraryReadyAtom('when idle');
openingHoursReadyAtom.debugLabel = 'openingHoursReady';

/** The same, loading at once: read by a machine's card and by the 'Open now' filter while it is on. */
export const openingHoursNeededAtom = libraryReadyAtom('now');
openingHoursNeededAtom.debugLabel = 'openingHoursNeeded';
