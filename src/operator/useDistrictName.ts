import { useCallback } from 'react';
import { DISTRICTS, type District } from '../../shared/machine';
import { useT } from '../i18n/useT';

const isDistrict = (value: string): value is District => (DISTRICTS as readonly string[]).includes(value);

/** A district as the server names it, in the interface language; a name it does not know, as it is. */
export function useDistrictName(): (district: string) => string {
  const t = useT();
  return useCallback((district) => (isDistrict(district) ? t(`district.${district}`) : district), [t]);
}
