import { LOGIN_PATH, OPERATOR_PATH } from '../../config';

/**
 * Where to go after sign-in: the `next` of the login route's address when it is a path of this same site (never
 * another site, never the login route itself), else the console. A `next` without the language of the login
 * route's address gets it, so the person stays in the language they signed in with.
 */
export function pathAfterSignIn(search: string, origin: string): string {
  const params = new URLSearchParams(search);
  const raw = params.get('next');
  let target: URL | null = null;
  // A path starts with one "/"; "//host" and "/\host" name another site in a browser's eyes.
  if (raw !== null && /^\/(?![/\\])/.test(raw)) {
    try {
      target = new URL(raw, origin);
    } catch {
      target = null;
    }
  }
  if (!target || target.origin !== origin || target.pathname.replace(/\/+$/, '') === LOGIN_PATH)
    target = new URL(OPERATOR_PATH, origin);
  const locale = params.get('locale');
  if (locale !== null && !target.searchParams.has('locale')) target.searchParams.set('locale', locale);
  return target.pathname + target.search + target.hash;
}
