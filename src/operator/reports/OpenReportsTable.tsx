import { Button, Stack, Table } from '@mantine/core';
import { ConsoleLink } from '../ConsoleLink';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { useDistrictName } from '../useDistrictName';
import { useShowTime } from '../useShowTime';
import type { CloseTarget, MachineReports } from './reportCalls';
import { KIND_NAMES } from './reportKindNames';

/**
 * The open reports, grouped by machine (the machine reported last first, its reports newest first). An operator or
 * admin closes one report, or, on a machine's first row, all of the machine's.
 */
export function OpenReportsTable({
  groups,
  canClose,
  onClose,
}: {
  groups: readonly MachineReports[];
  canClose: boolean;
  onClose: (target: CloseTarget) => void;
}) {
  const t = useConsoleT();
  const time = useShowTime();
  const districtName = useDistrictName();
  const columns = [t('reports.machine'), t('reports.district'), t('reports.kind'), t('reports.text'), t('reports.at')];
  return (
    <ConsoleTable
      columns={canClose ? [...columns, t('reports.actions')] : columns}
      minWidth={canClose ? 900 : 760}
      striped
      aria-label={t('reports.table')}
    >
      {groups.flatMap((group) =>
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
            {canClose && (
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={t('reports.closeOneLabel', { id: report.id })}
                    onClick={() => onClose({ reportId: report.id })}
                  >
                    {t('reports.closeOne')}
                  </Button>
                  {index === 0 && group.reports.length > 1 && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('reports.closeMachineLabel', { id: group.machineId })}
                      onClick={() => onClose({ machineId: group.machineId })}
                    >
                      {t('reports.closeMachine')}
                    </Button>
                  )}
                </Stack>
              </Table.Td>
            )}
          </ConsoleRow>
        )),
      )}
    </ConsoleTable>
  );
}
