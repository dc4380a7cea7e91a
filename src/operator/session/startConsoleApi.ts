import { ApiError, createApiClient, errorText, type Call } from '../../api/client';
import { localeAtom } from '../../i18n/localeAtom';
import { translateDynamic } from '../../i18n/translate';
import { showMessageAtom } from '../../messages/messageAtom';
import { loginPathFor } from '../../router/loginPath';
import { navigateAtom } from '../../router/routeAtom';
import type { AppStore } from '../../store';
import { consoleCataloguesAtom } from '../i18n/consoleCatalogueAtoms';
import { consoleText } from '../i18n/consoleMessages';
import { askStepUp } from './stepUpAtoms';
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
  const translateKey = (key: string) => {
    const locale = store.get(localeAtom);
    return consoleText(store.get(consoleCataloguesAtom), locale, key) ?? translateDynamic(locale, key);
  };
  const call = createApiClient({
    fetch: (input, init = {}) => {
      const token = store.get(sessionAtom)?.csrfToken;
      const headers = new Headers(init.headers);
      if (token && init.method !== 'GET') headers.set(CSRF_HEADER, token);
      return fetchImpl(input, { ...init, headers, credentials: 'same-origin' });
    },
    changePending: () => undefined,
    notify: (text) => store.set(showMessageAtom, text),
    translateKey,
    redirectToLogin: () => {
      if (options.onUnauthorized === 'answer') return;
      store.set(sessionAtom, null);
      const { pathname, search } = window.location;
      store.set(navigateAtom, { path: loginPathFor(pathname + search, search), replace: true });
    },
  });
  return withStepUp(store, call, (error) => store.set(showMessageAtom, errorText(error, translateKey)));
}

/**
 * An admin act the server answers 403 stepUpRequired (decision 0068) asks the person, in the StepUpDialog, for their
 * password or a code, and is made again once they gave it; cancelled, it fails as it would have.
 */
function withStepUp(store: AppStore, call: Call, tell: (error: unknown) => void): Call {
  return async <T>(...[path, payload, options = {}]: Parameters<Call>) => {
    try {
      return await call<T>(path, payload, { ...options, throw_error: true });
    } catch (error) {
      const stepUp = error instanceof ApiError && error.status === 403 && error.msg === 'stepUpRequired';
      if (stepUp && (await askStepUp(store))) return call<T>(path, payload, options);
      if (options.throw_error) throw error;
      // What the client does with a failure no one catches: a 401 has gone to sign in; the rest are told.
      if (!(error instanceof ApiError && error.status === 401)) tell(error);
      return undefined;
    }
  };
}
