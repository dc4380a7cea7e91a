import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import type { Machine } from '../../shared/machine';
import { MARKER_ICON_SIZE_PX } from '../config';
import type { PackedMachines } from '../machines/packedMachines';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import { ICON_FRAMES, loadAtlasPixels } from './iconAtlas';
import { markerAt } from './markerHitTest';
import { markerShape, type MarkerShape } from './markerShape';

/** How far from a marker's drawn pixels the pointer still takes it. */
const PICK_RADIUS_PX = 4;

/** The machines on the map as the layer draws them: which marker is under the pointer is read from these. */
export interface DrawnMachines {
  machines: readonly Machine[];
  packed: PackedMachines;
  /** 1 where the machine's marker is shown (the layer's filter). */
  shown: Float32Array;
}

/**
 * A click on a marker opens its popup and a click anywhere else on the map closes it; the cursor says what a
 * press would do. MapLibre tells the pointer's moves, clicks and drags. The marker under the pointer is
 * hit-tested on the CPU against the markers' drawn shapes (markerAt, with MapLibre's public projection), not
 * picked by deck.gl: a GPU pick reads pixels back, which waits for every frame already queued (in software
 * WebGL a whole frame of markers, for each pick), and deck.gl picked on its own as well on every pointer move
 * and press while the layer was pickable. deck.gl's own click recogniser had also missed the first click after
 * one on the popup, and its hover state kept the last marker's cursor after a click beside it.
 */
export function useMarkerPointer(mapRef: RefObject<MapRef | null>, drawn: DrawnMachines) {
  const select = useSetAtom(selectedMachineIdAtom);
  const dragging = useRef(false);
  const hovering = useRef(false);
  // deck.gl's canvas lets the pointer through to the map's, so the cursor is set there.
  const showCursor = useCallback(() => {
    const canvas = mapRef.current?.getCanvas();
    const cursor = dragging.current ? 'grabbing' : hovering.current ? 'pointer' : 'grab';
    if (canvas && canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
  }, [mapRef]);
  const frame = useRef<number | null>(null);
  const shape = useMarkerShape();
  const latest = useRef(drawn);
  useEffect(() => {
    latest.current = drawn;
  });
  // Nothing is under the pointer until deck.gl has drawn the markers.
  const deckReady = useRef(false);
  const onDeckDrawn = useCallback(() => {
    deckReady.current = true;
  }, []);

  const machineAt = useCallback(
    (x: number, y: number): Machine | undefined => {
      const map = mapRef.current;
      if (!deckReady.current || !shape || !map) return undefined;
      const { machines, packed, shown } = latest.current;
      if (packed.count !== machines.length || shown.length !== machines.length) return undefined;
      // The centre of the pixel under the pointer, where the GPU sampled the marker drawn there.
      const point = { x: Math.floor(x) + 0.5, y: Math.floor(y) + 0.5 };
      const row = markerAt(packed, shown, shape, map, point, PICK_RADIUS_PX);
      return row < 0 ? undefined : machines[row];
    },
    [mapRef, shape],
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

/** The markers' shapes, once the atlas has been read (until then, and where it cannot be read, their boxes). */
function useMarkerShape(): MarkerShape | null {
  const [shape, setShape] = useState<MarkerShape | null>(() => markerShape(ICON_FRAMES, MARKER_ICON_SIZE_PX, null));
  useEffect(() => {
    let current = true;
    void loadAtlasPixels().then((pixels) => {
      if (current && pixels) setShape(markerShape(ICON_FRAMES, MARKER_ICON_SIZE_PX, pixels));
    });
    return () => {
      current = false;
    };
  }, []);
  return shape;
}
