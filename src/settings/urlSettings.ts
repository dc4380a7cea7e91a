import { DEFAULT_FONT_SIZE, type FontSize } from '../config';
import { DEFAULT_LOCALE, isLocale } from '../i18n/translate';
import type { Locale } from '../../shared/machine';
import { isFontSize } from './fontSize';

export interface UrlSettings {
  locale: Locale;
  fontSize: FontSize;
}

/** The query parameters read on load (docs/spec.md#embedding); unknown values fall back to the defaults. */
export function readUrlSettings(search: string): UrlSettings {
  const params = new URLSearchParams(search);
  const locale = params.get('locale');
  const fontSize = params.get('fontSize');
  return {
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    fontSize: isFontSize(fontSize) ? fontSize : DEFAULT_FONT_SIZE,
  };
}
