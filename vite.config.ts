import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite/precompress';
import { preloadChunk } from './scripts/vite/preloadChunk';

const API_TARGET = process.env.RVM_API_URL ?? 'http://127.0.0.1:8081';

export default defineConfig({
  // The map chunk downloads from the first moment, in parallel with the shell (src/map/LazyMap.tsx imports it).
  plugins: [react(), preloadChunk('src/map/MapView.tsx'), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: { main: 'index.html' },
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
