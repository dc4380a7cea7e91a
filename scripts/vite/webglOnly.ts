import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * Leaves luma.gl's GPU compute package out of the map chunk: deck.gl imports it statically for WebGPU only
 * (about 48 KB minified with the chunk of WebGL operations it loads on demand), and the page's deck.gl is on
 * WebGL. Every import of it, the `webgpu` entry included, resolves to scripts/vite/gpgpuOnWebgl.ts.
 */
export const webglOnly: Alias = {
  find: /^@luma\.gl\/gpgpu(\/webgpu)?$/,
  replacement: fileURLToPath(new URL('./gpgpuOnWebgl.ts', import.meta.url)),
};
