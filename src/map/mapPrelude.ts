/** What the map can have made before its own chunk has run. */
export interface MapPrelude {
  /** deck.gl's canvas with its WebGL2 context, sized to the map area; null without WebGL2. */
  deckCanvas: HTMLCanvasElement | null;
}

/**
 * The WebGL context attributes deck.gl's device gets here (luma.gl's defaults, with `preserveDrawingBuffer` off as
 * `DeckOverlay` asks): the context made early is the one deck.gl would have made, and deck.gl takes it as it is.
 */
const DECK_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
};

/**
 * Makes deck.gl's canvas and its WebGL2 context for the map area (`area`, an element covering it), while the map chunk
 * still downloads (a small chunk of its own, fetched once the list is painted). A page's first WebGL context is
 * its dearest (the GPU process sets up its channel to the page with it), and sizing a canvas that has a context
 * reallocates its drawing buffer: here both are paid while the main thread waits for the network, and the drawing
 * buffer is made at the size luma.gl gives it (CSS px × devicePixelRatio, rounded down), so neither comes again
 * once the map runs.
 */
export function prepareMap(area: Element): MapPrelude {
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.floor(area.clientWidth * ratio));
  canvas.height = Math.max(1, Math.floor(area.clientHeight * ratio));
  // Where deck.gl puts a canvas of its own: over the map, letting the pointer through to MapLibre's.
  canvas.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none';
  return { deckCanvas: canvas.getContext('webgl2', DECK_CONTEXT_ATTRIBUTES) ? canvas : null };
}
