import { useCallback } from 'react';
import type { District } from '../../../shared/machine';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';

/** The districts of a person or a token in words: "All districts" for none, else their names in the interface language. */
export function useDistrictsText(): (districts: readonly District[]) => string {
  const t = useConsoleT();
  const tPublic = useT();
  return useCallback(
    (districts) =>
      districts.length === 0 ? t('console.allDistricts') : districts.map((d) => tPublic(`district.${d}`)).join(', '),
    [t, tPublic],
  );
}
