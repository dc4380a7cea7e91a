import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MapPrelude } from './mapPrelude';

/**
 * Once `start` is true, what the map can have made before its chunk runs (mapPrelude.ts, a small chunk fetched
 * then), for the map area `area`; undefined until it is ready. If its chunk cannot be had, the map makes all it
 * needs itself, as it would without it.
 */
export function useMapPrelude(start: boolean, area: RefObject<HTMLElement | null>): MapPrelude | undefined {
  const [prelude, setPrelude] = useState<MapPrelude>();
  // Made once for the page, also when an effect runs again (React's development checks).
  const made = useRef<Promise<MapPrelude>>(null);
  useEffect(() => {
    const element = area.current;
    if (!start || !element) return;
    made.current ??= import('./mapPrelude')
      .then(({ prepareMap }) => prepareMap(element))
      .catch(() => ({ deckCanvas: null }));
    let current = true;
    void made.current.then((value) => current && setPrelude(value));
    return () => {
      current = false;
    };
  }, [start, area]);
  return prelude;
}
