import { atom } from 'jotai';

/** Narrower than this, the stage shows the map alone: the desktop panel would cover most of it. */
const CHROME_MIN_WIDTH_PX = 800;

/** Whether the panel and legend are on screen; pan and zoom hide them, so every renderer pans its map alone. */
export const chromeShownAtom = atom(typeof window !== 'undefined' && window.innerWidth >= CHROME_MIN_WIDTH_PX);
chromeShownAtom.debugLabel = 'benchChromeShown';
