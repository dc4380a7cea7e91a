import type { Map as MaplibreMap } from 'maplibre-gl';

type CameraHolder = { _camera?: { transform?: unknown }; transform?: unknown };

/**
 * deck.gl 9.4's interleaved MapboxOverlay reads `map.transform` (height, near/far planes, elevation).
 * MapLibre 6 moved the transform to `map._camera.transform`; this getter gives deck.gl what it reads.
 * Remove once @deck.gl/mapbox supports MapLibre 6.
 */
export function exposeTransformForDeck(map: MaplibreMap): void {
  const holder = map as unknown as CameraHolder;
  if (holder.transform !== undefined || !holder._camera) return;
  Object.defineProperty(map, 'transform', { configurable: true, get: () => holder._camera?.transform });
}
