import { atom } from 'jotai';
import { locationAtom } from '../router/routeAtom';
import { consoleRouteOf } from './consoleRoute';

/** The console page the address shows. */
export const consoleRouteAtom = atom((get) => consoleRouteOf(get(locationAtom).pathname));
consoleRouteAtom.debugLabel = 'consoleRoute';
