import { OPERATOR_PATH } from '../config';

/** The addresses other pages link to, after /operator; the page registry (consolePages.tsx) shows a page at each. */
export const FLEET_PATH = '';
export const MACHINE_PATH = '/machines/:id';
export const ALERTS_PATH = '/alerts';

/** The address of a page of the console: `path` as the registry writes it, each `:name` filled from `params`. */
export function consolePath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return OPERATOR_PATH + path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const fleetPath = (): string => consolePath(FLEET_PATH);
export const alertsPath = (): string => consolePath(ALERTS_PATH);
export const machinePath = (id: string): string => consolePath(MACHINE_PATH, { id });

/** A page of the registry an address shows, with the values of its `:name` segments. */
export interface PathMatch<P> {
  readonly page: P;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Which of `pages` `pathname` (an address of the console: the app sends no other here) shows: the first whose path
 * matches it whole, a trailing slash aside; null for one no page has, or whose segment is not valid percent-encoding.
 */
export function matchConsolePath<P extends { readonly path: string }>(
  pathname: string,
  pages: readonly P[],
): PathMatch<P> | null {
  const rest = pathname.replace(/\/+$/, '').slice(OPERATOR_PATH.length);
  for (const page of pages) {
    const names: string[] = [];
    const pattern = page.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(rest);
    if (!found) continue;
    try {
      return { page, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The public map in the language of `search`. */
export function publicMapPath(search: string): string {
  const locale = new URLSearchParams(search).get('locale');
  return locale === null ? '/' : `/?${new URLSearchParams({ locale }).toString()}`;
}
