import { Table } from '@mantine/core';
import { ConsoleLink } from '../ConsoleLink';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { useShowTime } from '../useShowTime';
import type { ClosedReport } from './reportCalls';
import { KIND_NAMES } from './reportKindNames';

/** The reports resolved or dismissed, the last closed first: the report, how, the note, who and when. */
export function ClosedReportsTable({ reports }: { reports: readonly ClosedReport[] }) {
  const t = useConsoleT();
  const time = useShowTime();
  return (
    <ConsoleTable
      columns={[
        t('reports.machine'),
        t('reports.kind'),
        t('reports.text'),
        t('reports.at'),
        t('reports.state'),
        t('reports.note'),
        t('reports.closedBy'),
        t('reports.closedAt'),
      ]}
      minWidth={980}
      striped
      aria-label={t('reports.closedTable')}
    >
      {reports.map((report) => (
        <ConsoleRow key={report.id}>
          <Table.Th scope="row">
            <ConsoleLink to={machinePath(report.machineId)}>{report.machineId}</ConsoleLink>
          </Table.Th>
          <Table.Td>{t(KIND_NAMES[report.kind])}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{report.text}</Table.Td>
          <Table.Td>{time(report.createdAt)}</Table.Td>
          <Table.Td>{report.state === 'resolved' ? t('reports.stateResolved') : t('reports.stateDismissed')}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{report.note}</Table.Td>
          <Table.Td>{report.closedBy}</Table.Td>
          <Table.Td>{time(report.closedAt)}</Table.Td>
        </ConsoleRow>
      ))}
    </ConsoleTable>
  );
}
