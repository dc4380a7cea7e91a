/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa, injectManifest): the page's own files for offline repeat visits.
// It answers only same-origin GETs of the build, the deployment's settings and fonts; the API (the list call is a
// POST), photos, live events and the basemap's tiles go to the network as if it were not there.
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  addPlugins,
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { hashedFilesRule, withoutVary, type RoutingInstallEvent } from './staticRoutes';
import { FONT_CACHE, FONT_CACHE_MAX_ENTRIES, RUNTIME_CONFIG_CACHE, RUNTIME_CONFIG_PATH } from './offlineConfig';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const INDEX_HTML = 'index.html';
const PRECACHE = self.__WB_MANIFEST;

// The precache as kept since its files are routed past the worker (without `Vary`, staticRoutes.ts): a cache of its
// own, so that no file kept with `Vary` by an earlier worker stays (cleanupOutdatedCaches drops that cache).
setCacheNameDetails({ precache: 'precache-v2-unvaried' });

/** Browsers with the Static Routing API read the build's hashed files past this worker; others ask it, as before. */
function routeHashedFilesPastWorker(event: RoutingInstallEvent): void {
  const rule = hashedFilesRule(PRECACHE, cacheNames.precache);
  if (!event.addRoutes || !rule) return;
  try {
    event.waitUntil(event.addRoutes([rule]).catch(() => undefined));
  } catch {
    // An implementation refusing the rule's shape (no `{ cacheName }` before Chromium 131).
  }
}

// A new deployment's worker takes over at once: every page it serves is the network's build or its own, whole.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  routeHashedFilesPastWorker(event);
});
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

addPlugins([{ cacheWillUpdate: async ({ response }) => withoutVary(response) }]);
precacheAndRoute(PRECACHE);

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
