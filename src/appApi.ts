import { createApiClient, type Call } from './api/client';
import { withEarlyList } from './api/earlyList';
import { pendingCountAtom } from './api/pendingAtom';
import { showMessageAtom } from './messages/messageAtom';
import { localeAtom } from './i18n/localeAtom';
import { translateDynamic } from './i18n/translate';
import { navigateAtom } from './router/routeAtom';
import { LOGIN_PATH } from './config';
import type { AppStore } from './store';

/**
 * The API client wired to the app's atoms: pending count, message bar, locale, router. Its first list call takes
 * the list request index.html started, if there is one (api/earlyList.ts).
 */
export function createAppApi(
  store: AppStore,
  fetchImpl: typeof fetch = withEarlyList((...args) => window.fetch(...args)),
): Call {
  return createApiClient({
    fetch: fetchImpl,
    changePending: (delta) => store.set(pendingCountAtom, (n) => Math.max(0, n + delta)),
    notify: (text) => store.set(showMessageAtom, text),
    translateKey: (key) => translateDynamic(store.get(localeAtom), key),
    redirectToLogin: () => store.set(navigateAtom, { path: LOGIN_PATH, replace: true }),
  });
}
