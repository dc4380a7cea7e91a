import { useSetAtom } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { MAP_MOVE_END_DEBOUNCE_MS } from '../config';
import { markForTests } from '../testHooks';
import { mapViewAtom } from './mapViewAtom';

/**
 * Publishes the settled view 50 ms after the map stops moving (docs/spec.md#constants). With test hooks on, it is
 * mirrored on the map region as data attributes so a browser test can read where the map is; `data-moving` is present
 * from the start of a move until that view is published.
 */
export function useViewTracking(
  mapRef: RefObject<MapRef | null>,
  loaded: boolean,
  region: RefObject<HTMLElement | null>,
) {
  const setView = useSetAtom(mapViewAtom);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      const { lng, lat } = map.getCenter();
      const zoom = map.getZoom();
      setView({ zoom, center: [lng, lat] });
      markForTests(region.current, {
        zoom: zoom.toFixed(3),
        center: `${lat.toFixed(6)},${lng.toFixed(6)}`,
        moving: null,
      });
    };
    const onMoveStart = () => {
      clearTimeout(timer);
      markForTests(region.current, { moving: '' });
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
