import type { MapboxOverlay } from '@deck.gl/mapbox';
import type { MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { Machine } from '../machines/machine';
import { selectedMachineIdAtom } from '../ui/uiAtoms';

const PICK_RADIUS_PX = 4;

/** A click on a marker opens its popup; a click anywhere else on the map closes it. */
export function useMapClicks(overlay: MapboxOverlay | null) {
  const select = useSetAtom(selectedMachineIdAtom);
  return useCallback(
    (event: MapLayerMouseEvent) => {
      const picked = overlay?.pickObject({ x: event.point.x, y: event.point.y, radius: PICK_RADIUS_PX });
      const machine = picked?.object as Machine | undefined;
      select(machine ? machine.id : null);
    },
    [overlay, select],
  );
}
