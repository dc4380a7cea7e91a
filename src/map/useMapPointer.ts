import type { MapboxOverlay } from '@deck.gl/mapbox';
import type { MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useRef } from 'react';
import { machinesAtom } from '../machines/machinesAtom';
import { selectedMachineIdAtom } from '../ui/uiAtoms';
import { pickedMachine } from './machineLayer';

const PICK_RADIUS_PX = 4;

/**
 * Marker picking for the pointer: a pointer cursor over a marker, a click on one opens its popup and a
 * click anywhere else closes it. Hover picking is done here, at most once per frame, because the
 * interleaved overlay only resolves its own hover picks when the map happens to redraw.
 */
export function useMapPointer(overlay: MapboxOverlay | null) {
  const select = useSetAtom(selectedMachineIdAtom);
  const machines = useAtomValue(machinesAtom);
  const hovering = useRef(false);
  const frame = useRef<number | null>(null);

  const pick = useCallback(
    (x: number, y: number) => pickedMachine(overlay?.pickObject({ x, y, radius: PICK_RADIUS_PX }), machines),
    [overlay, machines],
  );

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => select(pick(event.point.x, event.point.y)?.id ?? null),
    [pick, select],
  );

  const onMouseMove = useCallback(
    (event: MapLayerMouseEvent) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      // A pick waits for the GPU: none while dragging, when the cursor is 'grabbing' anyway.
      if (event.originalEvent.buttons !== 0) return;
      const { x, y } = event.point;
      const canvas = event.target.getCanvas();
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        hovering.current = Boolean(pick(x, y));
        canvas.style.cursor = hovering.current ? 'pointer' : 'grab';
      });
    },
    [pick],
  );

  const onMouseOut = useCallback(() => {
    hovering.current = false;
  }, []);

  /** deck.gl sets the canvas cursor itself on pointer events: it must agree with the hover state. */
  const getCursor = useCallback(
    ({ isDragging }: { isDragging: boolean }) => (isDragging ? 'grabbing' : hovering.current ? 'pointer' : 'grab'),
    [],
  );

  return { onClick, onMouseMove, onMouseOut, getCursor };
}
