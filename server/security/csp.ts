import { createHash } from 'node:crypto';
import { EARLY_LIST_SCRIPT } from '../../shared/earlyList';
import { readOrigins, VARIABLES } from '../config';

/** The government basemap service the map loads its style, tiles and glyphs from. */
export const MAP_API_ORIGIN = 'https://mapapi.geodata.gov.hk';

/** index.html's one inline script, the early list call (shared/earlyList.ts), allowed by its hash and no other. */
export const EARLY_LIST_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_LIST_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy for the page. `origins` are the host pages allowed to frame it;
 * an empty list lets any page frame it (the product is meant to be embedded); null (not known) only the page itself.
 */
export function buildCsp(origins: readonly string[] | null, mapOrigins: readonly string[] = []): string {
  // Re-checked here: an origin with a space or ";" would otherwise add its own directives.
  const ancestors = origins === null ? null : readOrigins(origins.join(','), VARIABLES.embedOrigins.name);
  const extraMapOrigins = readOrigins(mapOrigins.join(','), VARIABLES.mapOrigins.name);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", EARLY_LIST_SCRIPT_HASH],
    // Mantine injects <style> tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', MAP_API_ORIGIN, ...extraMapOrigins],
    // blob: and data:, for MapLibre's worker in a frame sandboxed without its own origin: there MapLibre reads the
    // worker's code back from its blob: URL and starts it from a data: URL (Chromium starts no module worker from
    // a blob: URL of an opaque origin). Both are made by the page's own scripts; neither reaches another server.
    'connect-src': ["'self'", 'blob:', MAP_API_ORIGIN, ...extraMapOrigins],
    // MapLibre starts its workers from blob: URLs (data: ones in a sandboxed frame, above).
    'worker-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ancestors === null ? ["'self'"] : ancestors.length > 0 ? ["'self'", ...ancestors] : ['*'],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
