import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { PropertyValueSpecification } from 'maplibre-gl';
import { rasterLayerIds } from './basemapStyle';
import type { FramePace } from './framePace';

const FADE = 'raster-fade-duration';

/**
 * Basemap tiles fade in (MapLibre's 300 ms by default) where the device draws the map smoothly. Where it
 * does not, each fade is a few more whole-map frames after every batch of tiles, and each one holds back
 * the page's next paint (a letter typed in the search box waits for them): there tiles appear at once, as they do
 * where the visitor asked for less motion. Decided when the map has loaded and again when a camera move ends, as
 * the pace is learnt from moves.
 */
export function useTileFade(mapRef: RefObject<MapRef | null>, loaded: boolean, pace: FramePace): void {
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded) return;
    let fading = true;
    // The style's own durations, to give back if the pace recovers (undefined: MapLibre's default).
    const styleFades = new Map<string, PropertyValueSpecification<number> | undefined>();
    const follow = () => {
      const fades = pace.animates();
      if (fades === fading) return;
      fading = fades;
      for (const id of rasterLayerIds(map)) {
        if (!fades)
          styleFades.set(id, map.getPaintProperty(id, FADE) as PropertyValueSpecification<number> | undefined);
        map.setPaintProperty(id, FADE, fades ? styleFades.get(id) : 0);
      }
    };
    follow();
    map.on('moveend', follow);
    return () => {
      map.off('moveend', follow);
    };
  }, [mapRef, loaded, pace]);
}
