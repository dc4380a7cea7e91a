import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dropUnusedMapStyles } from '../scripts/vite/unusedMapStyles';
import { webglOnly } from '../scripts/vite/webglOnly';

const ROOT = resolve(import.meta.dirname, '..');
const PAGES = {
  ours: resolve(ROOT, 'bench/index.html'),
  leaflet: resolve(ROOT, 'bench/leaflet.html'),
  maplibreSymbol: resolve(ROOT, 'bench/maplibre-symbol.html'),
};

/** The bench pages only: a separate build so the product build stays as it is. */
export default defineConfig({
  root: ROOT,
  plugins: [react()],
  // The same libraries as the product build ships them.
  resolve: { alias: [webglOnly] },
  css: { postcss: { plugins: [dropUnusedMapStyles] } },
  // The bench pages read the page's test hooks (src/testHooks.ts).
  define: { 'import.meta.env.VITE_TEST_HOOKS': JSON.stringify('1') },
  build: {
    target: 'es2022',
    outDir: resolve(ROOT, 'bench/dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: PAGES },
  },
});
