import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { lumaDeviceFor } from './lumaDevice';
import { exposeTransformForDeck, followMapCanvas, takeNewLayersNow } from './maplibreCompat';
import { keepSnapshotBelowMarkers, MarkerOnlyFrames } from './markerOnlyFrames';

/**
 * No GPU picking: deck.gl would otherwise pick on every pointer move and press (a read-back that waits for the
 * GPU, and a draw of every marker) though the page hit-tests its markers itself (`useMapPointer`).
 */
const NO_PICKING = { _pickable: false };

/**
 * deck.gl drawn inside MapLibre's own WebGL context (interleaved), so popups and controls sit above it.
 * The overlay joins the map in a layout effect, before the browser paints, not in a passive effect as with
 * react-map-gl's useControl: those ran after MapLibre's first frame, which then drew the basemap alone and
 * needed another frame for the markers.
 */
export function DeckOverlay(props: MapboxOverlayProps) {
  const { onBeforeRender, ...rest } = props;
  const map = useMap().current?.getMap();
  const beforeRender = useCallback<NonNullable<MapboxOverlayProps['onBeforeRender']>>(
    (context) => {
      followMapCanvas(context);
      if (map) takeNewLayersNow(map);
      onBeforeRender?.(context);
    },
    [onBeforeRender, map],
  );
  const deckProps: MapboxOverlayProps = { ...rest, ...NO_PICKING, onBeforeRender: beforeRender };
  const [overlay] = useState(() => new MapboxOverlay({ ...deckProps, interleaved: true }));
  const removal = useRef<{ map: MaplibreMap; timer: number } | null>(null);
  useLayoutEffect(() => {
    if (!map) return;
    const pending = removal.current;
    removal.current = null;
    if (pending) clearTimeout(pending.timer);
    if (pending?.map !== map) {
      if (pending) removeOverlay(pending.map, overlay);
      exposeTransformForDeck(map);
      overlay.setProps({ device: lumaDeviceFor(map) });
      map.addControl(overlay);
    }
    // React also runs this cleanup when it disconnects the effects of a subtree it keeps (the page's map is
    // disconnected and reconnected while it loads). Removing the overlay then would finalise deck.gl's layers,
    // and the same layer objects, their GPU resources freed, would come back to the next deck.gl: markers drawn
    // with destroyed buffers, none on screen. The overlay is removed only if the effect does not come back at once.
    return () => {
      const timer = window.setTimeout(() => {
        removal.current = null;
        removeOverlay(map, overlay);
      });
      removal.current = { map, timer };
    };
  }, [map, overlay]);
  overlay.setProps(deckProps);
  const snapshot = useMarkerOnlyFrames(map);
  // New markers are drawn now when only they changed, else in the map's next frame (deck.gl would ask for that
  // frame only in its own next one).
  useLayoutEffect(() => {
    if (map && !snapshot.drawMarkersNow()) map.triggerRepaint();
  }, [map, snapshot, props.layers]);
  return null;
}

/** Marker changes without a camera or basemap change are drawn over a copy of the basemap (`MarkerOnlyFrames`). */
function useMarkerOnlyFrames(map: MaplibreMap | undefined) {
  const [snapshot] = useState(() => new MarkerOnlyFrames());
  useLayoutEffect(() => {
    if (!map) return;
    const keep = () => keepSnapshotBelowMarkers(map, snapshot);
    map.on('styledata', keep);
    return () => {
      map.off('styledata', keep);
      if (map.getLayer(snapshot.id)) map.removeLayer(snapshot.id);
    };
  }, [map, snapshot]);
  // deck.gl adds its markers' layer when it first has layers and the style is loaded.
  useLayoutEffect(() => {
    if (map) keepSnapshotBelowMarkers(map, snapshot);
  });
  return snapshot;
}

function removeOverlay(map: MaplibreMap, overlay: MapboxOverlay) {
  if (map.hasControl(overlay)) map.removeControl(overlay);
}
