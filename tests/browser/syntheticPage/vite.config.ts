import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dropUnusedMapStyles } from '../../../scripts/vite/unusedMapStyles';
import { webglOnly } from '../../../scripts/vite/webglOnly';

/** The map screen with synthetic machines (tests/browser/syntheticPage), built apart from the product. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The same libraries as the product build ships them.
  resolve: { alias: [webglOnly] },
  css: { postcss: { plugins: [dropUnusedMapStyles] } },
  // The page's test hooks (src/testHooks.ts) on, as in a browser test.
  define: { 'import.meta.env.VITE_TEST_HOOKS': JSON.stringify('1') },
  build: { target: 'es2022', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
});
