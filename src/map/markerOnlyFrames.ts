import type { CustomLayerInterface, CustomRenderMethodInput, Map as MaplibreMap } from 'maplibre-gl';

/** deck.gl's group of layers drawn last, above the whole basemap (`@deck.gl/mapbox`'s id for it). */
export const DECK_LAYER_GROUP_ID = 'deck-layer-group-last';
export const BASEMAP_SNAPSHOT_LAYER_ID = 'rvm-basemap-snapshot';

/** MapLibre context state a custom layer is drawn with (the context's cached values, re-applied as they were). */
const CUSTOM_LAYER_STATE = [
  'colorMask',
  'depthMask',
  'stencilMask',
  'stencilFunc',
  'stencilOp',
  'stencilTest',
  'depthRange',
  'depthTest',
  'depthFunc',
  'blend',
  'blendFunc',
  'blendColor',
  'blendEquation',
  'cullFace',
  'cullFaceSide',
  'frontFace',
  'viewport',
] as const;
type StateName = (typeof CUSTOM_LAYER_STATE)[number];

interface CachedState {
  get(): unknown;
  set(value: unknown): void;
}

interface MaplibreContext extends Record<StateName, CachedState> {
  gl: WebGL2RenderingContext;
  bindFramebuffer: CachedState;
  setDirty(): void;
  setCustomLayerDefaults(): void;
  clear(args: { depth?: number; stencil?: number }): void;
}

/** The parts of MapLibre 6's map that decide and draw a frame (not public API; pinned by the lockfile). */
interface MapInternals {
  painter: { context: MaplibreContext; setBaseState(): void };
  _sourcesDirty: boolean;
  _styleDirty: boolean;
  _placementDirty: boolean;
  _repaint: boolean;
  _removed?: boolean;
  /** Work queued for the next frame, such as a drag's camera change: MapLibre runs it at the start of its frame. */
  _renderTaskQueue: { _queue: unknown[] };
}

/**
 * Frames in which only the markers changed are drawn without the basemap.
 *
 * Interleaved, the markers are drawn inside MapLibre's frame, so a filter or a search redrew every tile, label and
 * the land outline: in software WebGL a whole frame of work for a change of markers alone. This layer sits just
 * below deck.gl's markers and, in every frame drawn while the camera stands still, copies what MapLibre has drawn
 * so far (the whole basemap) into a buffer. When the map next asks for a frame and MapLibre itself has nothing new
 * (its last frame ended idle and no camera move, gesture, tile, style change or fade has come since), that frame is the
 * copy put back plus deck.gl's markers, drawn with the state and camera MapLibre gave them last time. Anything else
 * gets MapLibre's whole frame.
 */
export class MarkerOnlyFrames implements CustomLayerInterface {
  readonly id = BASEMAP_SNAPSHOT_LAYER_ID;
  readonly type = 'custom';
  readonly renderingMode = '3d';

  private map: (MaplibreMap & MapInternals) | null = null;
  private fullRender: MaplibreMap['_render'] | null = null;
  private framebuffer: WebGLFramebuffer | null = null;
  private renderbuffer: WebGLRenderbuffer | null = null;
  private size: [number, number] = [0, 0];
  private capturedThisFrame = false;
  private idleAfterCapture = false;
  private lastArgs: CustomRenderMethodInput | null = null;
  private readonly state = new Map<StateName, unknown>();
  private markerOnlyFrameCount = 0;

  onAdd(map: MaplibreMap): void {
    // Added again after a style change: the map is already wrapped.
    if (this.map === map) return;
    const internals = map as MaplibreMap & MapInternals;
    this.map = internals;
    this.fullRender = internals._render;
    internals._render = (paintStartTimeStamp: number) => this.renderFrame(paintStartTimeStamp);
    map.on('idle', this.onIdle);
    map.on('webglcontextlost', this.onContextLost);
  }

  onRemove(map: MaplibreMap): void {
    const internals = map as MaplibreMap & MapInternals;
    if (this.fullRender) internals._render = this.fullRender;
    map.off('idle', this.onIdle);
    map.off('webglcontextlost', this.onContextLost);
    const gl = internals.painter.context.gl;
    if (this.framebuffer) gl.deleteFramebuffer(this.framebuffer);
    if (this.renderbuffer) gl.deleteRenderbuffer(this.renderbuffer);
    this.framebuffer = this.renderbuffer = null;
    this.map = this.fullRender = null;
  }

  /** MapLibre draws this layer in its frame, just before the markers: keep the basemap drawn so far. */
  render(gl: WebGLRenderingContext | WebGL2RenderingContext, args: CustomRenderMethodInput): void {
    const map = this.map;
    if (!map || map.isMoving() || !('blitFramebuffer' in gl) || gl.getContextAttributes()?.antialias) return;
    const context = map.painter.context;
    if (!this.ensureBuffer(gl)) return;
    const [width, height] = this.size;
    const drawn = context.bindFramebuffer.get() as WebGLFramebuffer | null;
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, drawn);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, this.framebuffer);
    gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, drawn);
    for (const name of CUSTOM_LAYER_STATE) this.state.set(name, context[name].get());
    this.lastArgs = args;
    this.capturedThisFrame = true;
  }

  /**
   * Draws a change of markers at once, in the task that made it, when the frame would be the kept basemap plus the
   * markers (cheap: a copy and the markers); false when MapLibre has its own reasons for a frame, which the caller
   * then asks for as usual. Waiting for the next animation frame cost a marker change up to a frame interval.
   */
  drawMarkersNow(): boolean {
    const map = this.map;
    if (!map || !this.canDrawMarkersOnly(map)) return false;
    map.redraw();
    return true;
  }

  private readonly onIdle = () => {
    this.idleAfterCapture = this.capturedThisFrame;
  };

  /** The buffers went with the context; a new copy is made in the first whole frame after it comes back. */
  private readonly onContextLost = () => {
    this.framebuffer = this.renderbuffer = null;
    this.size = [0, 0];
    this.idleAfterCapture = false;
  };

  private renderFrame(paintStartTimeStamp: number): MaplibreMap {
    const map = this.map!;
    if (this.canDrawMarkersOnly(map)) {
      this.drawMarkersOnly(map);
      return map;
    }
    this.capturedThisFrame = false;
    this.idleAfterCapture = false;
    return this.fullRender!.call(map, paintStartTimeStamp);
  }

  private canDrawMarkersOnly(map: MaplibreMap & MapInternals): boolean {
    if (!this.idleAfterCapture || !this.lastArgs) return false;
    if (map._sourcesDirty || map._styleDirty || map._placementDirty || map._repaint || map._removed) return false;
    if (map._renderTaskQueue._queue.length > 0) return false;
    if (map.isMoving() || !map.getLayer(DECK_LAYER_GROUP_ID)) return false;
    const gl = map.painter.context.gl;
    return this.size[0] === gl.drawingBufferWidth && this.size[1] === gl.drawingBufferHeight;
  }

  private drawMarkersOnly(map: MaplibreMap & MapInternals): void {
    const { painter } = map;
    const { context } = painter;
    const gl = context.gl;
    const [width, height] = this.size;
    context.setDirty();
    painter.setBaseState();
    context.bindFramebuffer.set(null);
    // A clear first: after the page composites a frame, Chrome clears the canvas's buffer on the next clear or
    // draw, and a blit does not count as one, so the copy would be wiped by the markers' first draw.
    context.clear({ depth: 1, stencil: 0 });
    gl.disable(gl.SCISSOR_TEST);
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    context.setCustomLayerDefaults();
    for (const name of CUSTOM_LAYER_STATE) context[name].set(this.state.get(name));
    const markers = map.getLayer(DECK_LAYER_GROUP_ID) as unknown as { implementation: CustomLayerInterface };
    markers.implementation.render?.(gl, this.lastArgs!);
    context.setDirty();
    painter.setBaseState();
    context.bindFramebuffer.set(null);
    // Published on the canvas for the benchmark and the browser tests.
    map.getCanvas().dataset.markerOnlyFrames = String(++this.markerOnlyFrameCount);
    // deck.gl ends its frame on this event (and the page learns that the markers are drawn).
    map.fire('render');
  }

  /** A colour buffer the size of the map's drawing buffer; false when it cannot be made. */
  private ensureBuffer(gl: WebGL2RenderingContext): boolean {
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    if (this.framebuffer && this.size[0] === width && this.size[1] === height) return true;
    this.renderbuffer ??= gl.createRenderbuffer();
    this.framebuffer ??= gl.createFramebuffer();
    const bound = gl.getParameter(gl.RENDERBUFFER_BINDING) as WebGLRenderbuffer | null;
    gl.bindRenderbuffer(gl.RENDERBUFFER, this.renderbuffer);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, width, height);
    gl.bindRenderbuffer(gl.RENDERBUFFER, bound);
    const drawn = gl.getParameter(gl.DRAW_FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, this.framebuffer);
    gl.framebufferRenderbuffer(gl.DRAW_FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, this.renderbuffer);
    const complete = gl.checkFramebufferStatus(gl.DRAW_FRAMEBUFFER) === gl.FRAMEBUFFER_COMPLETE;
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, drawn);
    this.size = complete ? [width, height] : [0, 0];
    return complete;
  }
}

/** Keeps the snapshot layer directly below deck.gl's markers, which deck.gl adds once the style has loaded. */
export function keepSnapshotBelowMarkers(map: MaplibreMap, snapshot: MarkerOnlyFrames): void {
  if (!map.getLayer(DECK_LAYER_GROUP_ID)) return;
  if (!map.getLayer(snapshot.id)) {
    map.addLayer(snapshot, DECK_LAYER_GROUP_ID);
    return;
  }
  const order = map.getLayersOrder();
  if (order.indexOf(snapshot.id) !== order.indexOf(DECK_LAYER_GROUP_ID) - 1) map.moveLayer(snapshot.id, DECK_LAYER_GROUP_ID);
}
