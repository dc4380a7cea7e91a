import { Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { nowAtom } from '../clock/nowAtom';
import { dataAsOfAtom } from './dataAsOfAtom';
import { hongKongTime } from './formatFreshness';

/** "Data as of 14:05": the feed's last sync when the server follows one, else when the list was last fetched. */
export function DataFetchedAt() {
  const asOf = useAtomValue(dataAsOfAtom);
  const nowMs = useAtomValue(nowAtom).getTime();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  if (asOf === null) return null;
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={new Date(asOf).toISOString()}>
        {t('freshness.fetched', { time: hongKongTime(asOf, Math.max(nowMs, asOf), locale) })}
      </time>
    </Text>
  );
}
