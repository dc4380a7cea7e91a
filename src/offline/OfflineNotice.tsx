import { Paper, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { DataFetchedAt } from '../freshness/DataFetchedAt';
import { useT } from '../i18n/useT';
import { machinesFetchedAtAtom } from '../machines/machinesAtom';
import { onlineAtom } from './onlineAtom';
import { listUnreachableAtom } from './unreachableAtom';
import classes from '../ui/MapCornerNotice.module.css';

/** While the device has no network, or the server cannot be reached: says so, how old the machines shown are, and that they update by themselves. */
export function OfflineNotice() {
  const online = useAtomValue(onlineAtom);
  const unreachable = useAtomValue(listUnreachableAtom);
  const hasList = useAtomValue(machinesFetchedAtAtom) !== null;
  const t = useT();
  if (online && !unreachable) return null;
  return (
    <Paper className={classes.notice} shadow="md" p="sm" withBorder role="status">
      <Stack gap={4}>
        <Text fw={600}>{t('offline.title')}</Text>
        <Text size="sm">{t(hasList ? 'offline.keptList' : 'offline.noList')}</Text>
        <DataFetchedAt />
      </Stack>
    </Paper>
  );
}
