/** Names the page and its service worker (sw.ts) agree on. */

/** The worker's file: served at the root so its scope is the whole page (server/routes/serviceWorker.ts). */
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';

/** The last successful list call, kept by the page (docs/decisions/0016-offline-repeat-visits.md). */
export const LAST_LIST_CACHE = 'rvm-last-list';
/** A GET key of our own: the Cache API stores GET requests only, and the list call is a POST. */
export const LAST_LIST_KEY = '/offline/last-list';

/** Font files the page has used (a locale's CJK font comes in many small unicode-range files). */
export const FONT_CACHE = 'rvm-fonts';
/** About two languages' worth of CJK font slices; older ones go first. */
export const FONT_CACHE_MAX_ENTRIES = 400;

/** The deployment's settings (/runtime-config.js), the last answer kept for a page loaded offline. */
export const RUNTIME_CONFIG_CACHE = 'rvm-runtime-config';
export const RUNTIME_CONFIG_PATH = '/runtime-config.js';
