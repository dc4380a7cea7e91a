import { atom } from 'jotai';
import type { Locale } from '../../../shared/machine';
import { localeAtom } from '../../i18n/localeAtom';
import { locationAtom } from '../../router/routeAtom';

/** Changes the interface language and writes it into the address, so a reload or a shared link keeps it. */
export const chooseLocaleAtom = atom(null, (_get, set, locale: Locale) => {
  set(localeAtom, locale);
  const url = new URL(window.location.href);
  url.searchParams.set('locale', locale);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  set(locationAtom, { pathname: url.pathname, search: url.search });
});
