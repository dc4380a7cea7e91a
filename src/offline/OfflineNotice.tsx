import { Paper, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { DataFetchedAt } from '../freshness/DataFetchedAt';
import { useT } from '../i18n/useT';
import { machinesFetchedAtAtom } from '../machines/machinesAtom';
import { onlineAtom } from './onlineAtom';
import { listUnreachableAtom } from './unreachableAtom';
import classes from '../ui/MapCornerNotice.module.css';

/**
 * While the device has no network: says so. While it has one but the server does not answer: says the service
 * cannot be reached for now and that the page tries again, not to check a connection that works. Either way, how
 * old the machines shown are.
 */
export function OfflineNotice() {
  const online = useAtomValue(onlineAtom);
  const unreachable = useAtomValue(listUnreachableAtom);
  const hasList = useAtomValue(machinesFetchedAtAtom) !== null;
  const t = useT();
  if (online && !unreachable) return null;
  return (
    <Paper className={classes.notice} shadow="md" p="sm" withBorder role="status">
      <Stack gap={4}>
        <Text fw={600}>{t(online ? 'offline.unreachableTitle' : 'offline.title')}</Text>
        <Text size="sm">
          {t(online ? 'offline.unreachableKeptList' : hasList ? 'offline.keptList' : 'offline.noList')}
        </Text>
        <DataFetchedAt />
      </Stack>
    </Paper>
  );
}
