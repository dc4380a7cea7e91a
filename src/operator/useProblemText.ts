import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { localeAtom } from '../i18n/localeAtom';
import { consoleCataloguesAtom } from './i18n/consoleCatalogueAtoms';
import { consoleText } from './i18n/consoleMessages';
import type { Problem } from './problems';

/**
 * A problem in the person's language: `problem.<code>` with its number parameter (`max`, `min`) as the plural
 * count; a code the console does not know yet reads "This value was refused."
 */
export function useProblemText(): (problem: Problem) => string {
  const catalogues = useAtomValue(consoleCataloguesAtom);
  const locale = useAtomValue(localeAtom);
  return useCallback(
    (problem) => {
      const { count, max, min } = problem.params;
      const params = { ...problem.params, count: count ?? max ?? min ?? '' };
      return (
        consoleText(catalogues, locale, `problem.${problem.code}`, params) ??
        consoleText(catalogues, locale, 'problem.invalid') ??
        problem.code
      );
    },
    [catalogues, locale],
  );
}
