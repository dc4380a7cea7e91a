import { atom } from 'jotai';

/** The filter panel (desktop) or filter sheet (mobile): open or hidden. The map pads its fits by it. */
export const panelOpenAtom = atom(true);
panelOpenAtom.debugLabel = 'panelOpen';
