import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { localeAtom } from '../../i18n/localeAtom';
import type { TranslationParams } from '../../i18n/translate';
import { consoleCataloguesAtom } from './consoleCatalogueAtoms';
import { consoleText, type ConsoleKey } from './consoleMessages';

export type ConsoleT = (key: ConsoleKey, params?: TranslationParams) => string;

/** The console's texts in the interface language, English where a text is missing; a missing key is loud in development. */
export function useConsoleT(): ConsoleT {
  const locale = useAtomValue(localeAtom);
  const catalogues = useAtomValue(consoleCataloguesAtom);
  return useCallback(
    (key, params) => {
      const text = consoleText(catalogues, locale, key, params);
      if (text !== undefined) return text;
      if (import.meta.env.DEV) console.error(`[i18n] missing console translation key "${key}"`);
      return key;
    },
    [catalogues, locale],
  );
}
