import type { RuntimeConfig } from '../shared/contract/runtimeConfig';
import {
  DEFAULT_KIOSK_IDLE_MS,
  DEFAULT_KIOSK_REFRESH_MS,
  DEFAULT_STALE_AFTER_MS,
  MAX_KIOSK_INTERVAL_MS,
  MAX_STALE_AFTER_MS,
  MIN_KIOSK_INTERVAL_MS,
  MIN_FEED_INTERVAL_MS,
  MIN_STALE_AFTER_MS,
} from '../shared/deploymentDefaults';
import { placeOrNull } from '../shared/kioskPlace';

declare global {
  interface Window {
    /** Set by the server's /runtime-config.js before the app starts: one build serves every deployment. */
    __RVM_CONFIG__?: unknown;
  }
}

export type { RuntimeConfig };

/** The build-time fallback (VITE_EMBED_ORIGINS, comma separated), for a deployment without /runtime-config.js. */
export const BUILD_EMBED_ORIGINS: readonly string[] = splitOrigins(import.meta.env.VITE_EMBED_ORIGINS ?? '');

export function splitOrigins(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean);
}

/**
 * Reads what the server sent (its shape: shared/contract/runtimeConfig.ts), field by field; anything missing or
 * malformed falls back to a safe default, and every number is clamped to the bounds the server's own are held to.
 */
export function parseRuntimeConfig(
  raw: unknown,
  fallbackOrigins: readonly string[] = BUILD_EMBED_ORIGINS,
): RuntimeConfig {
  const record = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const origins = record.embedOrigins;
  return {
    embedOrigins:
      Array.isArray(origins) && origins.every((o) => typeof o === 'string')
        ? splitOrigins(origins.join(','))
        : [...fallbackOrigins],
    kioskRefreshMs: interval(record.kioskRefreshMs, DEFAULT_KIOSK_REFRESH_MS),
    kioskIdleMs: interval(record.kioskIdleMs, DEFAULT_KIOSK_IDLE_MS),
    kioskHere: placeOrNull(record.kioskHere),
    basemapStyleUrl: styleUrl(record.basemapStyleUrl) ?? styleUrl(import.meta.env.VITE_BASEMAP_STYLE_URL),
    staleAfterMs: clamped(record.staleAfterMs, DEFAULT_STALE_AFTER_MS, MIN_STALE_AFTER_MS, MAX_STALE_AFTER_MS),
    // The page never asks about the feed more often than the server asks the feed.
    feedIntervalMs:
      record.feedIntervalMs === null || record.feedIntervalMs === undefined
        ? null
        : clamped(record.feedIntervalMs, MIN_FEED_INTERVAL_MS, MIN_FEED_INTERVAL_MS, MAX_KIOSK_INTERVAL_MS),
  };
}

function styleUrl(value: unknown): string | null {
  return typeof value === 'string' && /^(https?:\/\/|\/)/i.test(value) ? value : null;
}

function interval(value: unknown, fallback: number): number {
  return clamped(value, fallback, MIN_KIOSK_INTERVAL_MS, MAX_KIOSK_INTERVAL_MS);
}

function clamped(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export function runtimeConfig(): RuntimeConfig {
  return parseRuntimeConfig(typeof window === 'undefined' ? undefined : window.__RVM_CONFIG__);
}
