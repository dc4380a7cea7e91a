import type { Layer } from '@deck.gl/core';
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import { useControl } from 'react-map-gl/maplibre';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';

export type DeckOverlayProps = Pick<MapLibreOverlayProps, 'onAfterRender'> & {
  layers: Layer[];
  /** The overlay, for picking (`pickObject`). */
  ref?: Ref<MapLibreOverlay>;
};

/**
 * luma.gl asks for a drawing buffer kept from frame to frame, which the WebGL spec warns "can cause significant
 * performance loss on some platforms" (phones' tiled GPUs copy it every frame). deck.gl redraws its whole canvas
 * each frame and nothing reads it back.
 */
const DECK_DEVICE_PROPS: MapLibreOverlayProps['deviceProps'] = { webgl: { preserveDrawingBuffer: false } };

/**
 * deck.gl in its own canvas over the map, following its camera: react-map-gl's deck.gl pattern (the props
 * handed over on every render), with deck.gl's MapLibre overlay. A marker change redraws that canvas only,
 * not the basemap under it.
 */
export function DeckOverlay({ ref, layers, onAfterRender }: DeckOverlayProps) {
  const created = useRef<MapLibreOverlay | null>(null);
  const deckProps = useMemo<MapLibreOverlayProps>(
    () => ({
      layers,
      onAfterRender: (context) => {
        keepOutOfTabOrder(created.current?.getCanvas());
        onAfterRender?.(context);
      },
    }),
    [layers, onAfterRender],
  );
  const [overlay] = useState(
    () => new MapLibreOverlay({ ...deckProps, interleaved: false, deviceProps: DECK_DEVICE_PROPS }),
  );
  useEffect(() => {
    created.current = overlay;
  }, [overlay]);
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

/**
 * deck.gl's input handling makes its canvas focusable; keyboard users reach the map through MapLibre's own canvas
 * (named "Map"), so the markers' canvas stays out of the tab order and the accessibility tree.
 */
export function keepOutOfTabOrder(canvas: HTMLCanvasElement | null | undefined): void {
  if (!canvas || canvas.tabIndex === -1) return;
  canvas.tabIndex = -1;
  canvas.setAttribute('aria-hidden', 'true');
}
