import { Button, Paper, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { loadMachinesAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import classes from './LoadFailedNotice.module.css';

/** When the list call failed: say so and offer a retry (the message bar has already shown the reason). */
export function LoadFailedNotice() {
  const state = useAtomValue(machinesLoadStateAtom);
  const load = useSetAtom(loadMachinesAtom);
  const t = useT();
  if (state !== 'failed') return null;
  return (
    <Paper className={classes.notice} shadow="md" p="md" withBorder role="alert">
      <Stack gap="xs" align="center">
        <Text fw={600}>{t('error.loadFailed')}</Text>
        <Button onClick={() => void load()}>{t('error.retry')}</Button>
      </Stack>
    </Paper>
  );
}
