import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { locationAtom } from '../../router/routeAtom';
import { ConsoleLink } from '../ConsoleLink';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { useList } from '../kit/useList';
import { OutcomeMessage, type Outcome } from '../OutcomeMessage';
import { useConsoleCall } from '../session/ConsoleApi';
import { mayEdit } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { ClosedReportsTable } from './ClosedReportsTable';
import { CloseReportsDialog } from './CloseReportsDialog';
import { OpenReportsTable } from './OpenReportsTable';
import { reportCountsAtom } from '../reportCounts/reportCountsAtom';
import { fetchClosedReports, fetchOpenReports, fetchReportCounts, reportsPath, type CloseTarget } from './reportCalls';

type View = 'open' | 'closed';

/**
 * Visitors' problem reports of the person's districts (issue 68): the open ones grouped by machine, newest first,
 * each resolved or dismissed with a note by an operator or admin; or those closed, with the note and who. With
 * `?machine=`, of that machine only (the fleet table's and the machine page's counts link here).
 */
export function ReportsPage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const machineId = new URLSearchParams(useAtomValue(locationAtom).search).get('machine');
  const canClose = mayEdit(useAtomValue(sessionAtom));
  const setCounts = useSetAtom(reportCountsAtom);
  const [view, setView] = useState<View>('open');
  const [target, setTarget] = useState<CloseTarget | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const open = useList(
    useCallback(
      async () => (await fetchOpenReports(call)).filter((group) => machineId === null || group.machineId === machineId),
      [call, machineId],
    ),
  );
  const closed = useList(useCallback(() => fetchClosedReports(call, machineId), [call, machineId]));
  const shown = view === 'open' ? open : closed;

  const closedNow = (count: number) => {
    setTarget(null);
    setOutcome({ ok: true, text: count > 0 ? t('reports.closedNow', { count }) : t('reports.noneClosedNow') });
    void open.reload();
    void closed.reload();
    fetchReportCounts(call).then(setCounts, () => undefined);
  };

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{machineId === null ? t('reports.title') : t('reports.ofMachine', { id: machineId })}</Title>
      <Text>{t('reports.intro')}</Text>
      {machineId !== null && <ConsoleLink to={reportsPath()}>{t('reports.allMachines')}</ConsoleLink>}
      <Group>
        <SegmentedControl
          aria-label={t('reports.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'open', label: t('reports.showOpen') },
            { value: 'closed', label: t('reports.showClosed') },
          ]}
        />
      </Group>
      <OutcomeMessage outcome={outcome} />
      <ListState
        items={shown.items as unknown[] | null}
        failure={shown.failure}
        failed={t('reports.loadFailed')}
        empty={view === 'open' ? t('reports.none') : t('reports.noneClosed')}
        onRetry={() => void shown.reload()}
      >
        {() =>
          view === 'open' ? (
            <OpenReportsTable groups={open.items ?? []} canClose={canClose} onClose={setTarget} />
          ) : (
            <ClosedReportsTable reports={closed.items ?? []} />
          )
        }
      </ListState>
      {canClose && <CloseReportsDialog target={target} onClose={() => setTarget(null)} onClosed={closedNow} />}
    </Stack>
  );
}
