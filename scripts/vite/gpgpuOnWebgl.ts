/**
 * Stands in for `@luma.gl/gpgpu` in the page's build (scripts/vite/webglOnly.ts). deck.gl reaches that package
 * only to pack attribute buffer groups on a WebGPU device; the page's deck.gl always runs on WebGL, where
 * none of these is called. Should one be called all the same, it says so instead of drawing wrongly.
 */
function unavailable(): never {
  throw new Error('@luma.gl/gpgpu is left out of this build: deck.gl runs on WebGL here');
}

export const backendRegistry = { add: unavailable };
export const cleanEvaluateSync = unavailable;
export const interleave = unavailable;

export class GPUDataEvaluator {
  constructor() {
    unavailable();
  }
}
