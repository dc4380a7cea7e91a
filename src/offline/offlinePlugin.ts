// Build time only (imported by vite.config.ts): the service worker and the list of files it precaches.
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';

/** The map chunk is the largest file (2.4 MB before compression); Workbox's default limit is 2 MiB. */
const PRECACHE_FILE_MAX_BYTES = 8 * 1024 * 1024; // 8 MiB

/**
 * src/offline/sw.ts built into dist/sw.js, with the build's files listed in it: the shell, the map chunk
 * (MapLibre's worker inside it), the marker pictures and the Latin font. CJK fonts come in hundreds of unicode-range
 * files: only the ones a visitor's page used are kept, at run time. Registration is the page's own
 * (startServiceWorker.ts). `leaveOut` names, for a build's folder, files no visitor needs (the operator console's):
 * they are not precached.
 */
export function offlinePlugin(leaveOut: (outDir: string) => ReadonlySet<string> = () => new Set()): PluginOption {
  let outDir = 'dist';
  return [
    {
      name: 'rvm:offline-out-dir',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,png,svg}', 'assets/inter-latin-wght-normal-*.woff2'],
        maximumFileSizeToCacheInBytes: PRECACHE_FILE_MAX_BYTES,
        sourcemap: false,
        // A classic script, as the page registers it (no type: 'module'): built in Vite's library mode, without the
        // deprecated inlineDynamicImports the plugin passes for an ES module worker.
        rollupFormat: 'iife',
        manifestTransforms: [
          (entries) => {
            const left = leaveOut(outDir);
            return { manifest: entries.filter((entry) => !left.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ];
}
