import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { routeAtom, routeOfPath } from './routeAtom';

/** Follows the browser's back and forward buttons. */
export function useRouteSync(): void {
  const setRoute = useSetAtom(routeAtom);
  useEffect(() => {
    const onPop = () => setRoute(routeOfPath(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [setRoute]);
}
