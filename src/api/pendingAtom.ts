import { atom } from 'jotai';

/** Count of blocking calls in flight; the request overlay shows while it is not zero. */
export const pendingCountAtom = atom(0);
pendingCountAtom.debugLabel = 'pendingCount';
