import { atom } from 'jotai';
import { machinesAtom } from '../machines/machinesAtom';
import { nowAtom } from './nowAtom';
import { openFlagsOf } from './openState';

/** The 'Open now' filter toggle. */
export const openNowOnlyAtom = atom(false);
openNowOnlyAtom.debugLabel = 'openNowOnly';

/** Per machine of machinesAtom, 0 when its structured hours say it is closed now, else 1. */
export const openNowFlagsAtom = atom((get) => openFlagsOf(get(machinesAtom), get(nowAtom)));
openNowFlagsAtom.debugLabel = 'openNowFlags';
