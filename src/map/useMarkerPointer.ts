import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { useSetAtom } from 'jotai';
import { useCallback, useRef, type RefObject } from 'react';
import type { MapLayerMouseEvent } from 'react-map-gl/maplibre';
import type { Machine } from '../../shared/machine';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';

/** How far from a marker's drawn pixels the pointer still takes it. */
const PICK_RADIUS_PX = 4;

/**
 * A click on a marker opens its popup and a click anywhere else on the map closes it; the cursor says what a
 * press would do. MapLibre tells the pointer's moves, clicks and drags, and deck.gl picks the marker drawn under
 * the pointer: deck.gl's own click recogniser missed the first click after one on the popup, and its hover state
 * kept the last marker's cursor after a click beside it.
 */
export function useMarkerPointer(overlay: RefObject<MapLibreOverlay | null>) {
  const select = useSetAtom(selectedMachineIdAtom);
  const dragging = useRef(false);
  const hovering = useRef(false);
  const frame = useRef<number | null>(null);
  // deck.gl can pick only once its device is ready, before that a pick throws: after its first draw it is.
  const deckReady = useRef(false);
  const onDeckDrawn = useCallback(() => {
    deckReady.current = true;
  }, []);

  const machineAt = useCallback(
    (x: number, y: number) =>
      deckReady.current
        ? (overlay.current?.pickObject({ x, y, radius: PICK_RADIUS_PX })?.object as Machine | undefined)
        : undefined,
    [overlay],
  );
  const onClick = useCallback(
    ({ point }: MapLayerMouseEvent) => {
      const machine = machineAt(point.x, point.y);
      hovering.current = Boolean(machine);
      select(machine?.id ?? null);
    },
    [machineAt, select],
  );
  const onMouseMove = useCallback(
    ({ point, originalEvent }: MapLayerMouseEvent) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (originalEvent.buttons !== 0) return;
      // One pick per frame at most, where the pointer is then.
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        hovering.current = Boolean(machineAt(point.x, point.y));
      });
    },
    [machineAt],
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
  /** deck.gl sets the canvas cursor on each of its frames from this. */
  const getCursor = useCallback(() => (dragging.current ? 'grabbing' : hovering.current ? 'pointer' : 'grab'), []);
  return { onClick, onMouseMove, onMouseOut, onDragStart, onDragEnd, getCursor, onDeckDrawn };
}
