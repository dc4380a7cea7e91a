import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { locationAtom } from './routeAtom';

/** Follows the browser's back and forward buttons. */
export function useRouteSync(): void {
  const setLocation = useSetAtom(locationAtom);
  useEffect(() => {
    const onPop = () => setLocation({ pathname: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [setLocation]);
}
