import { atom } from 'jotai';
import type { Call } from './client';

const notConfigured: Call = () => Promise.reject(new Error('API client not configured'));

/** The app's API client (boxed: an atom cannot hold a bare function); main.tsx puts the wired one here. */
export const apiAtom = atom<{ call: Call }>({ call: notConfigured });
apiAtom.debugLabel = 'api';
