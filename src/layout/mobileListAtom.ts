import { atom } from 'jotai';

/** The mobile list card: open or closed. */
export const mobileListOpenAtom = atom(false);
mobileListOpenAtom.debugLabel = 'mobileListOpen';
