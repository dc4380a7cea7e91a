import type { Layer } from '@deck.gl/core';
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import { useControl } from 'react-map-gl/maplibre';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { followMapCanvas } from './followMapCanvas';

export type DeckOverlayProps = Pick<MapLibreOverlayProps, 'getCursor' | 'onBeforeRender' | 'onAfterRender'> & {
  layers: Layer[];
  /** The overlay, for picking (`pickObject`). */
  ref?: Ref<MapLibreOverlay>;
};

/**
 * deck.gl drawn inside MapLibre's own WebGL context (interleaved), so popups and controls sit above it:
 * react-map-gl's deck.gl pattern (the props handed over on every render), with deck.gl's MapLibre overlay.
 */
export function DeckOverlay({ ref, layers, getCursor, onBeforeRender, onAfterRender }: DeckOverlayProps) {
  const deckProps = useMemo<MapLibreOverlayProps>(
    () => ({
      layers,
      getCursor,
      onAfterRender,
      onBeforeRender: (context) => {
        followMapCanvas(context);
        onBeforeRender?.(context);
      },
    }),
    [layers, getCursor, onBeforeRender, onAfterRender],
  );
  const [overlay] = useState(() => new MapLibreOverlay({ ...deckProps, interleaved: true }));
  useImperativeHandle(ref, () => overlay, [overlay]);
  const latestLayers = useRef(layers);
  const adds = useRef(0);
  useControl(
    () => overlay,
    () => {
      // Added again after a removal (a subtree hidden and shown): the removal finalised the layers deck.gl
      // had, and a finalised layer cannot be drawn again, so the new deck.gl gets copies.
      if (adds.current++ > 0) overlay.setProps({ layers: latestLayers.current.map((layer) => layer.clone({})) });
    },
    () => undefined,
  );
  useEffect(() => {
    latestLayers.current = layers;
  }, [layers]);
  overlay.setProps(deckProps);
  return null;
}
