/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';

/** A rule of the Service Worker Static Routing API (Chromium 123+; `{ cacheName }` 131+), absent from TypeScript's lib. */
export interface RouterRule {
  condition: { or: { urlPattern: string; requestMethod: 'GET' }[] };
  source: { cacheName: string };
}

/** An install event that may offer the Static Routing API. */
export type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

/**
 * The rule that answers the build's hashed files (precache entries without a revision: their name changes with
 * their content) straight from the precache, without waking the worker's JavaScript for each; none when there are
 * none. A file not in the precache goes to the network, as it would through the worker.
 */
export function hashedFilesRule(manifest: readonly (string | PrecacheEntry)[], cacheName: string): RouterRule | null {
  const urls = manifest.flatMap((entry) =>
    typeof entry !== 'string' && entry.revision === null ? [`/${entry.url.replace(/^\//, '')}`] : [],
  );
  if (urls.length === 0) return null;
  return {
    condition: { or: urls.map((urlPattern) => ({ urlPattern, requestMethod: 'GET' })) },
    source: { cacheName },
  };
}

/**
 * The response as the precache keeps it: without `Vary`. A static route's cache lookup compares the browser's own
 * request headers (Accept-Encoding) with the kept request's, which never has them, and would miss every file; the
 * kept copy is the one answer for its URL anyway.
 */
export function withoutVary(response: Response): Response {
  if (!response.headers.has('Vary')) return response;
  const headers = new Headers(response.headers);
  headers.delete('Vary');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
