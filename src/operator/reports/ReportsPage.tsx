import { Stack, Table, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { ConsoleLink } from '../ConsoleLink';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { useList } from '../kit/useList';
import { useConsoleCall } from '../session/ConsoleApi';
import { useDistrictName } from '../useDistrictName';
import { useShowTime } from '../useShowTime';
import type { ReportKind } from '../../../shared/contract/reportKinds';
import type { ConsoleKey } from '../i18n/consoleMessages';
import { fetchOpenReports } from './reportCalls';

const KIND_NAMES: Record<ReportKind, ConsoleKey> = {
  fullShownWithRoom: 'reports.kindFullShownWithRoom',
  notWorking: 'reports.kindNotWorking',
  notFoundHere: 'reports.kindNotFoundHere',
  other: 'reports.kindOther',
};

/** Visitors' open problem reports of the person's districts, grouped by machine, newest first (issue 68). */
export function ReportsPage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const time = useShowTime();
  const districtName = useDistrictName();
  const { items: groups, failure, reload } = useList(useCallback(() => fetchOpenReports(call), [call]));
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('reports.title')}</Title>
      <Text>{t('reports.intro')}</Text>
      <ListState
        items={groups}
        failure={failure}
        failed={t('reports.loadFailed')}
        empty={t('reports.none')}
        onRetry={() => void reload()}
      >
        {(shown) => (
          <ConsoleTable
            columns={[
              t('reports.machine'),
              t('reports.district'),
              t('reports.kind'),
              t('reports.text'),
              t('reports.at'),
            ]}
            minWidth={760}
            striped
            aria-label={t('reports.table')}
          >
            {shown.flatMap((group) =>
              group.reports.map((report, index) => (
                <ConsoleRow key={report.id}>
                  <Table.Th scope="row" fw={index === 0 ? 700 : 400}>
                    <ConsoleLink to={machinePath(group.machineId)}>{group.machineId}</ConsoleLink>
                  </Table.Th>
                  <Table.Td>{districtName(report.district)}</Table.Td>
                  <Table.Td>{t(KIND_NAMES[report.kind])}</Table.Td>
                  {/* What the visitor typed, as text: React never reads it as HTML. */}
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{report.text}</Table.Td>
                  <Table.Td>{time(report.createdAt)}</Table.Td>
                </ConsoleRow>
              )),
            )}
          </ConsoleTable>
        )}
      </ListState>
    </Stack>
  );
}
