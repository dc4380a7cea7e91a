import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { ConsoleLink } from '../ConsoleLink';
import { fleetPath } from '../consolePaths';
import { fleetAtom, loadFleetAtom } from '../fleet/fleetAtoms';
import { STATE_COLOURS } from '../fleet/FleetCells';
import { fleetRowOf } from '../fleet/fleetRow';
import { HistorySection } from '../history/HistorySection';
import { useConsoleT } from '../i18n/useConsoleT';
import { PhotoSection } from '../photo/PhotoSection';
import { useConsoleCall } from '../session/ConsoleApi';
import { useConsoleTitle } from '../useConsoleTitle';
import { useErrorText } from '../useErrorText';
import { MachineForm } from './MachineForm';
import { MachineSummary } from './MachineSummary';
import { ReportCountLink } from '../reportCounts/ReportCountLink';
import { useReportCounts } from '../reportCounts/useReportCounts';
import { useMachine } from '../fleet/useMachine';
import { useMachineAbsence } from './useMachineAbsence';

/** One machine: what it reports, its form, its photo and its history. */
export function MachinePage({ id }: { id: string }) {
  const t = useConsoleT();
  const tPublic = useT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const locale = useAtomValue(localeAtom);
  const fleetLoaded = useAtomValue(fleetAtom) !== null;
  const load = useSetAtom(loadFleetAtom);
  const machine = useMachine(id);
  useReportCounts();
  const absence = useMachineAbsence(id, machine === undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const name = machine ? machine[`name_${locale}`] || machine.name_en : id;
  useConsoleTitle(name, t('console.title'));

  const tryLoad = () => {
    setFailure(null);
    load(call).catch(setFailure);
  };
  useEffect(() => {
    if (!fleetLoaded) tryLoad();
    // The fleet is loaded once; the live stream keeps it current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const back = <ConsoleLink to={fleetPath()}>← {t('machine.back')}</ConsoleLink>;
  if (failure)
    return (
      <Stack align="flex-start">
        {back}
        <Text role="alert">
          {t('fleet.loadFailed')} {errorText(failure)}
        </Text>
        <Button onClick={tryLoad}>{t('console.retry')}</Button>
      </Stack>
    );
  if (machine === null) return <Loader role="status" aria-label={t('console.loading')} />;
  if (machine === undefined)
    return absence === null ? (
      <Loader role="status" aria-label={t('console.loading')} />
    ) : (
      <Stack align="flex-start">
        {back}
        <Text role="alert">
          {absence === 'forbidden' ? t('access.machineForbidden', { id }) : t('machine.notFound', { id })}
        </Text>
      </Stack>
    );
  const state = fleetRowOf(machine).state;
  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>{name}</Title>
          <Badge color={STATE_COLOURS[state]} variant="light" radius="sm" tt="none" size="lg">
            {t(`fleet.state.${state}`)}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {t('machine.id', { id: machine.id })}
          {machine.district && ` · ${tPublic(`district.${machine.district}`)}`}
        </Text>
        <ReportCountLink machineId={machine.id} size="sm" />
      </Stack>
      <MachineSummary machine={machine} />
      <MachineForm machine={machine} />
      <PhotoSection machine={machine} />
      <HistorySection machine={machine} />
    </Stack>
  );
}
