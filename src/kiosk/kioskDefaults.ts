/** Kiosk timing defaults; the server may override them at deploy time (RVM_KIOSK_REFRESH_MS, RVM_KIOSK_IDLE_MS). */
export const DEFAULT_KIOSK_REFRESH_MS = 60 * 1000; // 60 s
export const DEFAULT_KIOSK_IDLE_MS = 120 * 1000; // 120 s
/** Anything faster would hammer the server from every kiosk at once. */
export const MIN_KIOSK_INTERVAL_MS = 1000; // 1 s
export const MAX_KIOSK_INTERVAL_MS = 24 * 60 * 60 * 1000; // 1 day
