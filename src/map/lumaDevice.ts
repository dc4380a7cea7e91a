import { WebGLDevice } from '@luma.gl/webgl';
import type { Map as MaplibreMap } from 'maplibre-gl';

/**
 * What deck.gl's own attach would ask for (shader and pipeline caches, as deck.gl sets them for an attached
 * context), and features checked when first asked for: luma.gl otherwise probes every texture format at start,
 * a texture and a framebuffer each, 200-370 ms of the first load in software WebGL.
 */
const DEVICE_PROPS = { _cacheShaders: true, _cachePipelines: true, _initializeFeatures: false } as const;

/**
 * A luma.gl device on MapLibre's WebGL2 context, made at once. deck.gl's own attach is asynchronous (it imports
 * luma.gl's device module, a chunk of its own in a bundle): the map then drew its first frames before deck.gl
 * was ready, each a whole basemap frame in software WebGL, and the markers came frames later.
 */
export function lumaDeviceFor(map: MaplibreMap): WebGLDevice {
  const gl = (map as unknown as { painter: { context: { gl: WebGL2RenderingContext } } }).painter.context.gl;
  return (
    WebGLDevice.getDeviceFromContext(gl) ??
    new WebGLDevice({ ...DEVICE_PROPS, _handle: gl, createCanvasContext: { canvas: gl.canvas, autoResize: false } })
  );
}
