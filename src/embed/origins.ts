/** An origin as browsers report it: scheme, host and optional port, nothing else. */
const ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;
const HOST_LABELS = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

export function isHttpOrigin(value: string): boolean {
  return ORIGIN.test(value);
}

/**
 * Whether `origin` fits one allowlist entry: the same origin, or for `https://*.example.org`
 * any subdomain of example.org (as CSP source expressions do) with the same scheme and port.
 */
export function originMatches(origin: string, entry: string): boolean {
  if (!isHttpOrigin(origin)) return false;
  const pattern = entry.toLowerCase();
  const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(pattern);
  if (!wildcard) return origin === pattern;
  const [, scheme = '', rest = ''] = wildcard;
  if (!origin.startsWith(scheme) || !origin.endsWith(`.${rest}`)) return false;
  const subdomain = origin.slice(scheme.length, origin.length - rest.length - 1);
  return HOST_LABELS.test(subdomain);
}

/**
 * Whether a parent at `origin` may talk to the page. An empty allowlist accepts any parent; otherwise
 * the page's own origin is allowed too, as the CSP's frame-ancestors lets it frame the page ('self'). A page
 * sandboxed without its own origin ("null") has no 'self' to match: an opaque parent is not the page.
 */
export function isAllowedOrigin(origin: string, allowlist: readonly string[], selfOrigin: string): boolean {
  if (allowlist.length === 0) return true;
  return (selfOrigin !== 'null' && origin === selfOrigin) || allowlist.some((entry) => originMatches(origin, entry));
}
