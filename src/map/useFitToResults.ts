import { useAtomValue } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { FIT_ANIMATION_MS, LIST_SELECT_MAX_ZOOM, MAP_REFIT_DEBOUNCE_MS, MARKER_ICON_SIZE_PX } from '../config';
import { packedMachinesAtom } from '../machines/machinesAtom';
import { resultMachineAt, type FilterResult } from '../filters/filterResult';
import { boundsOfPositions } from './bounds';
import type { FramePace } from './framePace';
import { useViewPadding } from './useViewPadding';

/** A cheap identity of a result set: a status refresh of the same machines must not move the view. */
function resultKey(result: FilterResult): string {
  if (result.count === 0) return '0';
  return `${result.count}:${resultMachineAt(result, 0).id}:${resultMachineAt(result, result.count - 1).id}`;
}

/** Refits the map to the filtered machines 200 ms after they change (docs/spec.md#validation-rules). */
export function useFitToResults(
  mapRef: RefObject<MapRef | null>,
  loaded: boolean,
  result: FilterResult,
  pace: FramePace,
) {
  const packed = useAtomValue(packedMachinesAtom);
  const viewPadding = useViewPadding();
  const padding = useRef(viewPadding);
  padding.current = viewPadding;
  const lastKey = useRef<string | null>(null);
  const key = resultKey(result);

  useEffect(() => {
    if (!loaded || key === lastKey.current) return;
    const timer = setTimeout(() => {
      const map = mapRef.current;
      const bounds = boundsOfPositions(packed.positions, result.indices);
      if (!map || !bounds) return;
      // The first fit frames the page as it opens: nothing to animate from, and with many machines
      // on a slow device each animated frame would redraw them all.
      const first = lastKey.current === null;
      lastKey.current = key;
      // The top edge also leaves room for the marker, which stands above its point.
      const p = padding.current;
      map.fitBounds(bounds, {
        padding: { ...p, top: p.top + MARKER_ICON_SIZE_PX },
        maxZoom: LIST_SELECT_MAX_ZOOM,
        duration: pace.cameraMs(first ? 0 : FIT_ANIMATION_MS),
      });
    }, MAP_REFIT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [mapRef, loaded, key, result, packed, pace]);
}
