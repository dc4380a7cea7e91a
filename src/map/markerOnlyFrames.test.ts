import { describe, expect, it, vi } from 'vitest';
import type { CustomRenderMethodInput, Map as MaplibreMap } from 'maplibre-gl';
import { DECK_LAYER_GROUP_ID, MarkerOnlyFrames } from './markerOnlyFrames';

const FRAMEBUFFER_COMPLETE = 0x8cd5;
const ARGS = { farZ: 1, nearZ: 0.1 } as unknown as CustomRenderMethodInput;

function fakeGl() {
  return {
    drawingBufferWidth: 1280,
    drawingBufferHeight: 800,
    FRAMEBUFFER_COMPLETE,
    createFramebuffer: () => ({ framebuffer: true }),
    createRenderbuffer: () => ({ renderbuffer: true }),
    getParameter: () => null,
    getContextAttributes: () => ({ antialias: false }),
    checkFramebufferStatus: () => FRAMEBUFFER_COMPLETE,
    bindRenderbuffer: vi.fn(),
    renderbufferStorage: vi.fn(),
    bindFramebuffer: vi.fn(),
    framebufferRenderbuffer: vi.fn(),
    blitFramebuffer: vi.fn(),
    disable: vi.fn(),
    deleteFramebuffer: vi.fn(),
    deleteRenderbuffer: vi.fn(),
  };
}

const cached = () => ({ value: null as unknown, get() { return this.value; }, set(v: unknown) { this.value = v; } });

/**
 * A map that draws its frame as MapLibre does for this purpose: the layer below the markers, the markers, the
 * `render` event, then `idle` when nothing of its own is left to do.
 */
/** What the fake map's frame reads and writes of itself. */
interface FrameState {
  wholeFrames: number;
  moving: boolean;
  pendingTiles: boolean;
  _sourcesDirty: boolean;
  fire(type: string): void;
}

function fakeMap() {
  const gl = fakeGl();
  const listeners = new Map<string, Set<() => void>>();
  const markers = { render: vi.fn() };
  const context = new Proxy(
    { gl, setDirty: vi.fn(), setCustomLayerDefaults: vi.fn(), clear: vi.fn() } as Record<string, unknown>,
    { get: (target, name: string) => (target[name] ??= cached()) },
  );
  const map = {
    moving: false,
    pendingTiles: false,
    _sourcesDirty: false,
    _styleDirty: false,
    _placementDirty: false,
    _repaint: false,
    _renderTaskQueue: { _queue: [] as unknown[] },
    painter: { context, setBaseState: vi.fn() },
    canvas: document.createElement('canvas'),
    getCanvas() {
      return this.canvas;
    },
    isMoving() {
      return this.moving;
    },
    getLayer: (id: string) => (id === DECK_LAYER_GROUP_ID ? { implementation: markers } : undefined),
    on: (type: string, listener: () => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    off: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
    wholeFrames: 0,
    redraw() {
      return (this as unknown as { _render(t: number): unknown })._render(0);
    },
    _render(this: FrameState) {
      this.wholeFrames += 1;
      this._sourcesDirty = false;
      snapshot.render(gl as unknown as WebGL2RenderingContext, ARGS);
      markers.render(gl, ARGS);
      this.fire('render');
      if (!this.moving && !this.pendingTiles) this.fire('idle');
      return this;
    },
  };
  const snapshot = new MarkerOnlyFrames();
  snapshot.onAdd(map as unknown as MaplibreMap);
  const frame = () => (map as unknown as { _render(t: number): unknown })._render(0);
  return { map, gl, markers, frame, snapshot };
}

describe('MarkerOnlyFrames', () => {
  it('draws the next frame as the kept basemap plus the markers once a still frame has ended idle', () => {
    const { map, gl, markers, frame } = fakeMap();
    const rendered = vi.fn();
    map.on('render', rendered);
    frame();
    expect(map.wholeFrames).toBe(1);
    expect(gl.blitFramebuffer).toHaveBeenCalledTimes(1);

    frame();
    expect(map.wholeFrames).toBe(1);
    expect(gl.blitFramebuffer).toHaveBeenCalledTimes(2);
    expect(markers.render).toHaveBeenCalledTimes(2);
    expect(markers.render).toHaveBeenLastCalledWith(gl, ARGS);
    expect(rendered).toHaveBeenCalledTimes(2);
    expect(map.canvas.dataset.markerOnlyFrames).toBe('1');
  });

  it('gives MapLibre the frame when the camera, a tile, the style or a fade asks for one', () => {
    for (const flag of ['_sourcesDirty', '_styleDirty', '_placementDirty', '_repaint'] as const) {
      const { map, frame } = fakeMap();
      frame();
      map[flag] = true;
      frame();
      expect(map.wholeFrames, flag).toBe(2);
    }
  });

  it('gives MapLibre the frame when a gesture has queued work for it', () => {
    const { map, frame } = fakeMap();
    frame();
    map._renderTaskQueue._queue.push(() => undefined);
    frame();
    expect(map.wholeFrames).toBe(2);
  });

  it('keeps nothing while the camera moves', () => {
    const { map, gl, frame } = fakeMap();
    map.moving = true;
    frame();
    frame();
    expect(map.wholeFrames).toBe(2);
    expect(gl.blitFramebuffer).not.toHaveBeenCalled();
  });

  it('does not keep a frame that did not end idle (tiles still loading)', () => {
    const { map, frame } = fakeMap();
    map.pendingTiles = true;
    frame();
    frame();
    expect(map.wholeFrames).toBe(2);
    map.pendingTiles = false;
    frame();
    frame();
    expect(map.wholeFrames).toBe(3);
  });

  it('draws a whole frame after the drawing buffer is resized, and after the context is lost', () => {
    const { map, gl, frame } = fakeMap();
    frame();
    gl.drawingBufferWidth = 1000;
    frame();
    expect(map.wholeFrames).toBe(2);
    frame();
    expect(map.wholeFrames).toBe(2);
    map.fire('webglcontextlost');
    frame();
    expect(map.wholeFrames).toBe(3);
  });

  it('gives the map back its own frame when removed', () => {
    const { map, snapshot, frame } = fakeMap();
    frame();
    snapshot.onRemove(map as unknown as MaplibreMap);
    frame();
    expect(map.wholeFrames).toBe(2);
  });

  it('draws a change of markers at once when the frame would be markers alone, and leaves other frames to MapLibre', () => {
    const { map, markers, frame, snapshot } = fakeMap();
    expect(snapshot.drawMarkersNow()).toBe(false);
    expect(markers.render).not.toHaveBeenCalled();
    frame();
    expect(snapshot.drawMarkersNow()).toBe(true);
    expect(map.wholeFrames).toBe(1);
    expect(markers.render).toHaveBeenCalledTimes(2);
    expect(map.canvas.dataset.markerOnlyFrames).toBe('1');
    map._sourcesDirty = true;
    expect(snapshot.drawMarkersNow()).toBe(false);
    expect(markers.render).toHaveBeenCalledTimes(2);
  });
});
