import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { Machine } from '../../../shared/machine';
import { nowAtom } from '../../clock/nowAtom';
import { hongKongTime, timeAgo } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { fleetRowOf } from '../fleet/fleetRow';
import { useConsoleT } from '../i18n/useConsoleT';
import type { ConsoleKey } from '../i18n/consoleMessages';

/** When the machine last reported, was last emptied, and since when it is full: each as a time and how long ago. */
export function MachineSummary({ machine }: { machine: Machine }) {
  const t = useConsoleT();
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom).getTime();
  const row = fleetRowOf(machine);
  const items: [ConsoleKey, number | null][] = [
    ['machine.lastOnline', row.lastOnlineMs],
    ['machine.lastEmptied', row.lastEmptiedMs],
    ['machine.fullSince', row.fullSinceMs],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
      {items.map(([key, ms]) => (
        <Stack key={key} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {t(key)}
          </Text>
          <Text component="dd" m={0}>
            {ms === null ? t('fleet.never') : withAgo(hongKongTime(ms, now, locale), timeAgo(ms, now, locale))}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const withAgo = (time: string, ago: string | null) => (ago ? `${time} (${ago})` : time);
