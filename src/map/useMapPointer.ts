import type { MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useRef } from 'react';
import { filteredMachinesAtom } from '../filters/filterAtoms';
import { machinesAtom, packedMachinesAtom } from '../machines/machinesAtom';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import { markerAt, type MapProjection } from './markerHitTest';
import type { MarkerShape } from './markerShape';

const PICK_RADIUS_PX = 4;

/**
 * Marker picking for the pointer: a pointer cursor over a marker, a click on one opens its popup and a
 * click anywhere else closes it. The markers are hit-tested on the CPU against their drawn shapes
 * (`markerAt`), not read back from the GPU: a GPU pick waits for every frame already queued, which in
 * software WebGL held a click or a hover for a whole frame or more, and drew every marker again.
 */
export function useMapPointer(shape: MarkerShape | null) {
  const select = useSetAtom(selectedMachineIdAtom);
  const machines = useAtomValue(machinesAtom);
  const packed = useAtomValue(packedMachinesAtom);
  const { mask } = useAtomValue(filteredMachinesAtom);
  const hovering = useRef(false);
  const dragging = useRef(false);
  const frame = useRef<number | null>(null);

  const pick = useCallback(
    (map: MapProjection, x: number, y: number) => {
      if (!shape) return undefined;
      // The centre of the pixel under the pointer, where the GPU sampled the marker drawn there.
      const row = markerAt(packed, mask, shape, map, { x: Math.floor(x) + 0.5, y: Math.floor(y) + 0.5 }, PICK_RADIUS_PX);
      return row < 0 ? undefined : machines[row];
    },
    [shape, packed, mask, machines],
  );

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => select(pick(event.target, event.point.x, event.point.y)?.id ?? null),
    [pick, select],
  );

  const onMouseMove = useCallback(
    (event: MapLayerMouseEvent) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      // No hover while dragging, when the cursor is 'grabbing' anyway.
      if (event.originalEvent.buttons !== 0) return;
      const { x, y } = event.point;
      const map = event.target;
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        hovering.current = Boolean(pick(map, x, y));
        map.getCanvas().style.cursor = hovering.current ? 'pointer' : 'grab';
      });
    },
    [pick],
  );

  const onMouseOut = useCallback(() => {
    hovering.current = false;
  }, []);
  const onDragStart = useCallback(() => {
    dragging.current = true;
  }, []);
  const onDragEnd = useCallback(() => {
    dragging.current = false;
  }, []);

  /** deck.gl sets the canvas cursor itself on every frame: it must agree with the pointer's state. */
  const getCursor = useCallback(() => (dragging.current ? 'grabbing' : hovering.current ? 'pointer' : 'grab'), []);

  return { onClick, onMouseMove, onMouseOut, onDragStart, onDragEnd, getCursor };
}
