import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { errorText } from '../api/client';
import { localeAtom } from '../i18n/localeAtom';
import { translateDynamic } from '../i18n/translate';
import { consoleCataloguesAtom } from './i18n/consoleCatalogueAtoms';
import { consoleText } from './i18n/consoleMessages';

/**
 * The words for a failed call: the console's texts for its own error keys, the public page's for the rest
 * (docs/spec.md#errors).
 */
export function useErrorText(): (error: unknown) => string {
  const locale = useAtomValue(localeAtom);
  const catalogues = useAtomValue(consoleCataloguesAtom);
  return useCallback(
    (error) => errorText(error, (key) => consoleText(catalogues, locale, key) ?? translateDynamic(locale, key)),
    [catalogues, locale],
  );
}
