import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { useControl } from 'react-map-gl/maplibre';
import { useEffect } from 'react';
import { exposeTransformForDeck } from './maplibreCompat';

/**
 * luma.gl otherwise probes every texture format at start (a texture and a framebuffer each): 200-370 ms of the
 * first load in software WebGL. Features are then checked when first asked for.
 */
const LAZY_FEATURE_CHECKS = { _initializeFeatures: false };

/** deck.gl drawn inside MapLibre's own WebGL context (interleaved), so popups and controls sit above it. */
export function DeckOverlay(props: MapboxOverlayProps & { onOverlay?: (overlay: MapboxOverlay | null) => void }) {
  const { onOverlay, ...deckProps } = props;
  const overlay = useControl<MapboxOverlay>(({ map }) => {
    exposeTransformForDeck(map.getMap());
    return new MapboxOverlay({ ...deckProps, interleaved: true, deviceProps: LAZY_FEATURE_CHECKS });
  });
  overlay.setProps(deckProps);
  useEffect(() => {
    onOverlay?.(overlay);
    return () => onOverlay?.(null);
  }, [overlay, onOverlay]);
  return null;
}
