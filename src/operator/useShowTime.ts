import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { parseFeedTimestamp } from '../../shared/feedTimestamp';
import { nowAtom } from '../clock/nowAtom';
import { hongKongTime } from '../freshness/formatFreshness';
import { localeAtom } from '../i18n/localeAtom';

/** A server time (ISO 8601) on Hong Kong's clock in the interface language; `none` for null. */
export function useShowTime(): (iso: string | null, none?: string) => string {
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom).getTime();
  return useCallback(
    (iso, none = '—') => {
      if (iso === null) return none;
      const at = parseFeedTimestamp(iso);
      return at === null ? iso : hongKongTime(at, now, locale);
    },
    [locale, now],
  );
}
