import { atom } from 'jotai';

/** A request for the map to return to its start view; each request is a new number. */
export const viewResetRequestAtom = atom(0);
viewResetRequestAtom.debugLabel = 'viewResetRequest';

export const requestViewResetAtom = atom(null, (_get, set) => set(viewResetRequestAtom, (n) => n + 1));
