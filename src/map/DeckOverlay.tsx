import type { Layer } from '@deck.gl/core';
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import { useControl } from 'react-map-gl/maplibre';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { followMapCanvas } from './followMapCanvas';

export type DeckOverlayProps = Omit<MapLibreOverlayProps, 'interleaved' | 'layers'> & {
  layers: Layer[];
  /** The overlay, for picking (`pickObject`). */
  ref?: Ref<MapLibreOverlay>;
};

/**
 * deck.gl drawn inside MapLibre's own WebGL context (interleaved), so popups and controls sit above it:
 * react-map-gl's deck.gl pattern, with deck.gl's MapLibre overlay.
 */
export function DeckOverlay({ ref, ...props }: DeckOverlayProps) {
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [overlay] = useState(() => new MapLibreOverlay({ ...withCanvasSync(props), interleaved: true }));
  useImperativeHandle(ref, () => overlay, [overlay]);
  const adds = useRef(0);
  useControl(
    () => overlay,
    () => {
      // Added again after a removal (a subtree hidden and shown): the removal finalised the layers deck.gl
      // had, and a finalised layer cannot be drawn again, so the new deck.gl gets copies.
      if (adds.current++ > 0) overlay.setProps({ layers: latest.current.layers.map((layer) => layer.clone({})) });
    },
    () => undefined,
  );
  overlay.setProps(withCanvasSync(props));
  return null;
}

function withCanvasSync(props: Omit<DeckOverlayProps, 'ref'>): MapLibreOverlayProps {
  const { onBeforeRender } = props;
  return {
    ...props,
    onBeforeRender: (context) => {
      followMapCanvas(context);
      onBeforeRender?.(context);
    },
  };
}
