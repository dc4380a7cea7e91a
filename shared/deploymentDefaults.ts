/**
 * Settings a deployment may override, with their defaults and bounds: the server reads them from its
 * environment (RVM_KIOSK_REFRESH_MS, RVM_KIOSK_IDLE_MS, RVM_STALE_AFTER_MIN) and hands them to the page,
 * which clamps what it is given to the same bounds.
 */

/** Kiosk timing defaults. */
export const DEFAULT_KIOSK_REFRESH_MS = 60 * 1000; // 60 s
export const DEFAULT_KIOSK_IDLE_MS = 120 * 1000; // 120 s
/** Anything faster would hammer the server from every kiosk at once. */
export const MIN_KIOSK_INTERVAL_MS = 1000; // 1 s
export const MAX_KIOSK_INTERVAL_MS = 24 * 60 * 60 * 1000; // 1 day

/** A machine whose last report (`last_online`) is older than this shows as stale (issue 9). */
export const DEFAULT_STALE_AFTER_MS = 30 * 60 * 1000; // 30 minutes
export const MIN_STALE_AFTER_MS = 60 * 1000; // 1 minute
export const MAX_STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000; // 7 days

/** The feed followed is asked at most this often (RVM_UPSTREAM_INTERVAL_S's minimum); the page never asks faster. */
export const MIN_FEED_INTERVAL_MS = 15 * 1000; // 15 s
