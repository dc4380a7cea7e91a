import { useSetAtom } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { MAP_MOVE_END_DEBOUNCE_MS } from '../config';
import { mapViewAtom } from './mapViewAtom';

/**
 * Publishes the settled view 50 ms after the map stops moving (spec §9), and mirrors it on the map
 * region as data attributes so a host page or a browser test can read where the map is.
 */
export function useViewTracking(mapRef: RefObject<MapRef | null>, loaded: boolean, region: RefObject<HTMLElement | null>) {
  const setView = useSetAtom(mapViewAtom);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      const { lng, lat } = map.getCenter();
      const zoom = map.getZoom();
      setView({ zoom, center: [lng, lat] });
      const el = region.current;
      if (el) {
        el.dataset.zoom = zoom.toFixed(3);
        el.dataset.center = `${lat.toFixed(6)},${lng.toFixed(6)}`;
      }
    };
    const onMoveEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(publish, MAP_MOVE_END_DEBOUNCE_MS);
    };
    map.on('moveend', onMoveEnd);
    publish();
    return () => {
      clearTimeout(timer);
      map.off('moveend', onMoveEnd);
    };
  }, [mapRef, loaded, region, setView]);
}
