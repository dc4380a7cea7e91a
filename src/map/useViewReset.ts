import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import {
  FIT_ANIMATION_MS,
  FIT_PADDING_NONE_PX,
  FIT_PADDING_PANEL_OPEN_PX,
  LIST_SELECT_MAX_ZOOM,
  MAP_INITIAL_CENTER,
  MAP_INITIAL_ZOOM,
  MARKER_ICON_SIZE_PX,
} from '../config';
import { packedMachinesAtom } from '../machines/machinesAtom';
import { useIsMobile } from '../ui/useIsMobile';
import { boundsOfPositions } from './bounds';
import type { FramePace } from './framePace';
import { viewResetRequestAtom } from './viewResetAtom';

/**
 * On a reset request, shows what the page showed at start: every machine fitted as on load (the panel is
 * open on desktop at start, so its padding applies), or the initial view when there are none.
 */
export function useViewReset(mapRef: RefObject<MapRef | null>, loaded: boolean, pace: FramePace): void {
  const request = useAtomValue(viewResetRequestAtom);
  const packed = useAtomValue(packedMachinesAtom);
  const isMobile = useIsMobile();
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || request === 0 || !map) return;
    const bounds = boundsOfPositions(packed.positions, null);
    if (!bounds) {
      map.jumpTo({ center: MAP_INITIAL_CENTER, zoom: MAP_INITIAL_ZOOM });
      return;
    }
    const p = isMobile ? FIT_PADDING_NONE_PX : FIT_PADDING_PANEL_OPEN_PX;
    map.fitBounds(bounds, {
      padding: { ...p, top: p.top + MARKER_ICON_SIZE_PX },
      maxZoom: LIST_SELECT_MAX_ZOOM,
      duration: pace.cameraMs(FIT_ANIMATION_MS),
    });
    // Only a new request moves the map; refreshed machine data must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, loaded]);
}
