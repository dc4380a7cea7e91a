import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useRef, type RefObject } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { isKioskAtom } from '../kiosk/kioskAtom';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import { pickedMachine } from './machineLayer';

/** How far from a marker's drawn pixels the pointer still takes it. */
const PICK_RADIUS_PX = 4;
/** On a kiosk a finger takes a marker (24x24) from 12 px around it: a 48x48 touch target. */
const KIOSK_PICK_RADIUS_PX = 12;

/**
 * A click on a marker opens its popup and a click anywhere else on the map closes it; the cursor says what a
 * press would do. MapLibre tells the pointer's moves, clicks and drags, and deck.gl picks the marker drawn under
 * the pointer: deck.gl's own click recogniser missed the first click after one on the popup, and its hover state
 * kept the last marker's cursor after a click beside it.
 */
export function useMarkerPointer(mapRef: RefObject<MapRef | null>, overlay: RefObject<MapLibreOverlay | null>) {
  const select = useSetAtom(selectedMachineIdAtom);
  const radius = useAtomValue(isKioskAtom) ? KIOSK_PICK_RADIUS_PX : PICK_RADIUS_PX;
  const dragging = useRef(false);
  const hovering = useRef(false);
  // deck.gl's canvas lets the pointer through to the map's, so the cursor is set there.
  const showCursor = useCallback(() => {
    const canvas = mapRef.current?.getCanvas();
    const cursor = dragging.current ? 'grabbing' : hovering.current ? 'pointer' : 'grab';
    if (canvas && canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
  }, [mapRef]);
  const frame = useRef<number | null>(null);
  // deck.gl can pick only once its device is ready, before that a pick throws: after its first draw it is.
  const deckReady = useRef(false);
  const onDeckDrawn = useCallback(() => {
    deckReady.current = true;
  }, []);

  const machineAt = useCallback(
    (x: number, y: number) =>
      deckReady.current ? pickedMachine(overlay.current?.pickObject({ x, y, radius })) : undefined,
    [overlay, radius],
  );
  const onClick = useCallback(
    ({ point }: MapLayerMouseEvent) => {
      const machine = machineAt(point.x, point.y);
      hovering.current = Boolean(machine);
      showCursor();
      select(machine?.id ?? null);
    },
    [machineAt, select, showCursor],
  );
  const onMouseMove = useCallback(
    ({ point, originalEvent }: MapLayerMouseEvent) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (originalEvent.buttons !== 0) return;
      // One pick per frame at most, where the pointer is then.
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        hovering.current = Boolean(machineAt(point.x, point.y));
        showCursor();
      });
    },
    [machineAt, showCursor],
  );
  const onMouseOut = useCallback(() => {
    hovering.current = false;
    showCursor();
  }, [showCursor]);
  const onDragStart = useCallback(() => {
    dragging.current = true;
    showCursor();
  }, [showCursor]);
  const onDragEnd = useCallback(() => {
    dragging.current = false;
    showCursor();
  }, [showCursor]);
  return { onClick, onMouseMove, onMouseOut, onDragStart, onDragEnd, onDeckDrawn };
}
