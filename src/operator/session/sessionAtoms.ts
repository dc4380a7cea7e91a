import { atom } from 'jotai';
import type { Session } from './session';

/** The signed-in person, once the server said who it is; null before that and after sign-out. */
export const sessionAtom = atom<Session | null>(null);
sessionAtom.debugLabel = 'session';
