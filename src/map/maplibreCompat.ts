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

interface CanvasContextLike {
  canvas: { width: number; height: number };
  setDrawingBufferSize(width: number, height: number): void;
}

/**
 * Before each deck.gl draw into MapLibre's context, luma.gl's drawing-buffer size follows MapLibre's canvas.
 * luma.gl otherwise keeps the size its resize observer last saw and, on its next draw, writes it back to the
 * canvas: after a resize through a tiny size (a window briefly 1x1) that wrote 1x1 over MapLibre's canvas,
 * and MapLibre then capped its canvas at 1x1 for good (its `maxCanvasSize` guard), leaving a blank map.
 */
export function followMapCanvas({ device }: { device?: { canvasContext: CanvasContextLike | null } | null }): void {
  const context = device?.canvasContext;
  if (!context) return;
  context.setDrawingBufferSize(context.canvas.width, context.canvas.height);
}

interface DeckInternals {
  layerManager: { needsUpdate(): string | false; updateLayers(): void } | null;
  needsRedraw(opts: { clearRedrawFlags: boolean }): unknown;
}

/**
 * Layers handed to deck.gl since its last animation frame are taken in the map frame that is drawing now.
 * deck.gl otherwise takes them in its own next animation frame and then asks the map for another frame: the
 * map's first frame drew the basemap without the markers, and in software WebGL every frame is a whole
 * basemap frame. The redraw deck.gl would ask for is the one being drawn, so its flags are cleared.
 */
export function takeNewLayersNow(map: MaplibreMap): void {
  const deck = (map as unknown as { __deck?: DeckInternals | null }).__deck;
  const layers = deck?.layerManager;
  if (!deck || !layers?.needsUpdate()) return;
  layers.updateLayers();
  deck.needsRedraw({ clearRedrawFlags: true });
}
