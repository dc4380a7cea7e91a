import { atom } from 'jotai';

/** Bench only: whether the panel and legend are on screen, so the map's own frame time can be measured too. */
export const chromeShownAtom = atom(true);
chromeShownAtom.debugLabel = 'benchChromeShown';
