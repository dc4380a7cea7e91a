import { atom } from 'jotai';
import { LOGIN_PATH } from '../config';

export type Route = 'map' | 'login';

export function routeOfPath(pathname: string): Route {
  return pathname.replace(/\/+$/, '') === LOGIN_PATH ? 'login' : 'map';
}

export const routeAtom = atom<Route>(routeOfPath(window.location.pathname));
routeAtom.debugLabel = 'route';

/** Go to a route without a page load; `replace` replaces the history entry (the spec's 401 rule). */
export const navigateAtom = atom(null, (_get, set, { path, replace }: { path: string; replace: boolean }) => {
  const url = path + window.location.search;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  set(routeAtom, routeOfPath(path));
});
