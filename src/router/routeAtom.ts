import { atom } from 'jotai';
import { LOGIN_PATH, OPERATOR_PATH } from '../config';

export type Route = 'map' | 'login' | 'operator';

export function routeOfPath(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path === LOGIN_PATH) return 'login';
  if (path === OPERATOR_PATH || path.startsWith(`${OPERATOR_PATH}/`)) return 'operator';
  return 'map';
}

/** Where the page is: the address bar's path and query. */
export interface PageLocation {
  pathname: string;
  search: string;
}

export const locationAtom = atom<PageLocation>({
  pathname: window.location.pathname,
  search: window.location.search,
});
locationAtom.debugLabel = 'location';

export const routeAtom = atom<Route>((get) => routeOfPath(get(locationAtom).pathname));
routeAtom.debugLabel = 'route';

export interface Navigation {
  /** A path of this site, with its own query or none. */
  path: string;
  /** Replace the history entry instead of adding one (the spec's 401 rule). */
  replace: boolean;
  /** A path without a query keeps the current one (the language and text size stay), unless this is false. */
  keepQuery?: boolean;
}

/** Go to a path without a page load. */
export const navigateAtom = atom(null, (_get, set, { path, replace, keepQuery = true }: Navigation) => {
  const url = path.includes('?') || !keepQuery ? path : path + window.location.search;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  set(locationAtom, { pathname: window.location.pathname, search: window.location.search });
});
