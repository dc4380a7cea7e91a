import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { FONT_SIZES_PX } from '../config';
import { localeAtom } from '../i18n/localeAtom';
import { HTML_LANG, translate } from '../i18n/translate';
import { loadLocaleFont } from '../i18n/localeFonts';
import { fontSizeAtom } from './fontSizeAtom';
import { routeAtom } from '../router/routeAtom';

/**
 * Keeps <html lang>, the root font size (everything is in rem) and the map's title in step with the settings (the
 * sign-in page and the console name their own pages).
 */
export function useDocumentSettings(): void {
  const locale = useAtomValue(localeAtom);
  const fontSize = useAtomValue(fontSizeAtom);
  const onMap = useAtomValue(routeAtom) === 'map';
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
    if (onMap) document.title = translate(locale, 'app.title');
    loadLocaleFont(locale);
  }, [locale, onMap]);
  useEffect(() => {
    document.documentElement.style.fontSize = `${FONT_SIZES_PX[fontSize]}px`;
  }, [fontSize]);
}
