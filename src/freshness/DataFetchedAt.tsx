import { Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { machinesFetchedAtAtom } from '../machines/machinesAtom';
import { nowAtom } from '../clock/nowAtom';
import { hongKongTime } from './formatFreshness';

/** "Data as of 14:05": when the machine list was last fetched, in Hong Kong time. */
export function DataFetchedAt() {
  const fetchedAt = useAtomValue(machinesFetchedAtAtom);
  const nowMs = useAtomValue(nowAtom).getTime();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  if (fetchedAt === null) return null;
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={new Date(fetchedAt).toISOString()}>
        {t('freshness.fetched', { time: hongKongTime(fetchedAt, Math.max(nowMs, fetchedAt), locale) })}
      </time>
    </Text>
  );
}
