import { LOGIN_PATH } from '../config';

/** The address settings a page keeps when it sends someone to sign in (query parameters: docs/spec.md#embedding). */
const KEPT_PARAMS = ['locale', 'fontSize'];

/**
 * The login route with the page to come back to after sign-in (`next`: a path of this site with its query),
 * keeping the language and text size of `search`.
 */
export function loginPathFor(next: string, search: string): string {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = current.get(name);
    if (value !== null) params.set(name, value);
  }
  params.set('next', next);
  return `${LOGIN_PATH}?${params.toString()}`;
}
