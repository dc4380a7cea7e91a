import { useSetAtom } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { MAP_MOVE_END_DEBOUNCE_MS } from '../config';
import { mapViewAtom } from './mapViewAtom';

/**
 * Publishes the settled view 50 ms after the map stops moving (spec §9), and mirrors it on the map
 * region as data attributes so a host page or a browser test can read where the map is; `data-moving`
 * is present from the start of a move until that view is published.
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
        delete el.dataset.moving;
      }
    };
    const onMoveStart = () => {
      clearTimeout(timer);
      if (region.current) region.current.dataset.moving = '';
    };
    const onMoveEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(publish, MAP_MOVE_END_DEBOUNCE_MS);
    };
    map.on('movestart', onMoveStart);
    map.on('moveend', onMoveEnd);
    if (!map.isMoving()) publish();
    else onMoveStart();
    return () => {
      clearTimeout(timer);
      map.off('movestart', onMoveStart);
      map.off('moveend', onMoveEnd);
    };
  }, [mapRef, loaded, region, setView]);
}
