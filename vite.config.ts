import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { offlinePlugin } from './src/offline/offlinePlugin.ts';
import { CHUNK_BUDGET_KB } from './scripts/bundle/budgets.ts';
import { BUNDLE_STATS_FILE } from './scripts/bundle/composition.ts';
import { dropUnusedMapStyles } from './scripts/vite/unusedMapStyles.ts';
import { consoleOnlyFilesOf } from './scripts/vite/consoleOnly.ts';
import { earlyList } from './scripts/vite/earlyList.ts';
import { preloadChunk } from './scripts/vite/preloadChunk.ts';
import { privateSourceMaps } from './scripts/vite/privateSourceMaps.ts';
import { rawScriptWithoutSourceMap } from './scripts/vite/rawScriptWithoutSourceMap.ts';
import { webglOnly } from './scripts/vite/webglOnly.ts';

const API_TARGET = process.env.RVM_API_URL ?? 'http://127.0.0.1:8081';

// `npm run analyze` sets RVM_ANALYZE: a production build like any other, plus what each chunk is made of.
const ANALYZE = process.env.RVM_ANALYZE === '1';
// Source maps served with the page only when asked for; otherwise they are kept out of dist/.
const PUBLIC_SOURCE_MAPS = process.env.RVM_SOURCE_MAPS === '1';

export default defineConfig({
  plugins: [
    react(),
    // The list call starts from index.html, as the HTML arrives (src/api/earlyList.ts takes its answer).
    earlyList(),
    // The map chunk downloads from the first moment, in parallel with the shell (src/map/LazyMap.tsx imports it).
    // luma.gl imports its WebGL device lazily, once deck.gl starts: a round trip on the way to the first markers.
    preloadChunk('src/map/MapView.tsx', ['@luma.gl/webgl/dist/adapter/webgl-device.js']),
    // MapLibre's worker, carried in the map chunk as text, without the comment naming a map the build does not have.
    rawScriptWithoutSourceMap(),
    // The operator console's files are not precached for visitors (decision 0047).
    offlinePlugin(consoleOnlyFilesOf),
    !PUBLIC_SOURCE_MAPS && privateSourceMaps(),
    // Each module's minified bytes, read from the source maps.
    ANALYZE && visualizer({ template: 'raw-data', filename: BUNDLE_STATS_FILE, sourcemap: true }),
  ],
  resolve: { alias: [webglOnly] },
  css: { postcss: { plugins: [dropUnusedMapStyles] } },
  build: {
    target: 'es2022',
    sourcemap: PUBLIC_SOURCE_MAPS ? true : 'hidden',
    manifest: true,
    chunkSizeWarningLimit: CHUNK_BUDGET_KB,
    rollupOptions: {
      input: { main: 'index.html' },
      // Rolldown's report of slow plugin callbacks would name Vite's own rewrite of the map chunk's source map and
      // the PWA plugin's service-worker build, and fire in one build of two on a loaded machine (decision 0040).
      checks: { bundlerTimings: false },
      output: {
        // React DOM in a file of its own: on an HTTP/1.1 link the shell then downloads over two connections beside
        // the map chunk's one, and a deployment that changes only the page's code leaves it cached (decision 0025).
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/runtime-config.js': API_TARGET,
    },
  },
  preview: {
    proxy: { '/api': API_TARGET, '/runtime-config.js': API_TARGET },
  },
});
