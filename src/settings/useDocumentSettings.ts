import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { FONT_SIZES_PX } from '../config';
import { localeAtom } from '../i18n/localeAtom';
import { HTML_LANG, translate } from '../i18n/translate';
import { loadLocaleFont } from '../i18n/localeFonts';
import { fontSizeAtom } from './fontSizeAtom';

/** Keeps <html lang>, the root font size (everything is in rem) and the title in step with the settings. */
export function useDocumentSettings(): void {
  const locale = useAtomValue(localeAtom);
  const fontSize = useAtomValue(fontSizeAtom);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
    document.title = translate(locale, 'app.title');
    loadLocaleFont(locale);
  }, [locale]);
  useEffect(() => {
    document.documentElement.style.fontSize = `${FONT_SIZES_PX[fontSize]}px`;
  }, [fontSize]);
}
