/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa, injectManifest): the page's own files for offline repeat visits.
// It answers only same-origin GETs of the build, the deployment's settings and fonts; the API (the list call is a
// POST), photos, live events and the basemap's tiles go to the network as if it were not there.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { FONT_CACHE, FONT_CACHE_MAX_ENTRIES, RUNTIME_CONFIG_CACHE, RUNTIME_CONFIG_PATH } from './offlineConfig';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const INDEX_HTML = 'index.html';

// A new deployment's worker takes over at once: every page it serves is the network's build or its own, whole.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
enableNavigationPreload();

// Before the precache's own route, which would answer "/" from the cache: online, the page is always the
// deployment's current one (and with it only its own hashed files); offline, the precached build, whole.
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(INDEX_HTML)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/examples\//] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === RUNTIME_CONFIG_PATH,
  new NetworkFirst({ cacheName: RUNTIME_CONFIG_CACHE }),
);

// Hashed file names: a font file never changes, so the kept copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
  new CacheFirst({
    cacheName: FONT_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: FONT_CACHE_MAX_ENTRIES, purgeOnQuotaError: true })],
  }),
);
