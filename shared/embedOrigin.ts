/**
 * A host origin allowed to frame the map: `scheme://host[:port]`, or `scheme://*.host[:port]` for every subdomain of
 * host. Nothing that could break out of a CSP directive (no space, `;`, `,` or quote). RVM_EMBED_ORIGINS and the
 * origins an admin adds in the console are read by this one pattern.
 */
export const EMBED_ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** The longest origin taken; a host name is at most 253 characters. */
export const EMBED_ORIGIN_MAX_LENGTH = 300;

/**
 * An origin as typed (spaces around it, a slash after it, capitals) made the form it is kept in: lower case, no
 * trailing slash; null when it is no origin.
 */
export function readEmbedOrigin(input: string): string | null {
  const origin = input.trim().replace(/\/+$/, '').toLowerCase();
  if (origin.length > EMBED_ORIGIN_MAX_LENGTH || !EMBED_ORIGIN_PATTERN.test(origin)) return null;
  const port = /:(\d+)$/.exec(origin)?.[1];
  if (port !== undefined && Number(port) > 65535) return null;
  return origin;
}
