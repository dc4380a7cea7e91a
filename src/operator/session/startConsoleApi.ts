import { createApiClient, type Call } from '../../api/client';
import { localeAtom } from '../../i18n/localeAtom';
import { translateDynamic } from '../../i18n/translate';
import { showMessageAtom } from '../../messages/messageAtom';
import { loginPathFor } from '../../router/loginPath';
import { navigateAtom } from '../../router/routeAtom';
import type { AppStore } from '../../store';
import { consoleCataloguesAtom } from '../i18n/consoleCatalogueAtoms';
import { consoleText } from '../i18n/consoleMessages';
import { sessionAtom } from './sessionAtoms';

/**
 * The header that carries the session's token on every call that changes something
 * (docs/operators.md#signing-in-and-sessions).
 */
export const CSRF_HEADER = 'x-csrf-token';

export interface ConsoleApiOptions {
  /**
   * On the sign-in page a 401 is an answer to show (a wrong password), not a reason to go to the sign-in page;
   * everywhere else in the console it goes there, replacing history, and comes back after sign-in.
   */
  onUnauthorized: 'signIn' | 'answer';
  fetch?: typeof fetch;
}

/**
 * The page's API client as the console uses it: the session's CSRF token on every call but a GET, its own texts
 * for the server's console-only error keys (the public page's texts for the rest), and no blocking overlay: the
 * console shows its own loaders.
 */
export function createConsoleApi(store: AppStore, options: ConsoleApiOptions): Call {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => window.fetch(...args));
  return createApiClient({
    fetch: (input, init = {}) => {
      const token = store.get(sessionAtom)?.csrfToken;
      const headers = new Headers(init.headers);
      if (token && init.method !== 'GET') headers.set(CSRF_HEADER, token);
      return fetchImpl(input, { ...init, headers, credentials: 'same-origin' });
    },
    changePending: () => undefined,
    notify: (text) => store.set(showMessageAtom, text),
    translateKey: (key) => {
      const locale = store.get(localeAtom);
      return consoleText(store.get(consoleCataloguesAtom), locale, key) ?? translateDynamic(locale, key);
    },
    redirectToLogin: () => {
      if (options.onUnauthorized === 'answer') return;
      store.set(sessionAtom, null);
      const { pathname, search } = window.location;
      store.set(navigateAtom, { path: loginPathFor(pathname + search, search), replace: true });
    },
  });
}
