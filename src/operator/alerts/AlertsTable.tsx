import { Table, Text } from '@mantine/core';
import { ConsoleLink } from '../ConsoleLink';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { useDistrictName } from '../useDistrictName';
import { useShowTime } from '../useShowTime';
import { amountOf, usesHours, type Alert } from './alertCalls';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

/** Alerts as a table: what, on which machine (or the feed), where, since when, by which rule; closed ones too. */
export function AlertsTable({ alerts, label, closed }: { alerts: readonly Alert[]; label: string; closed: boolean }) {
  const t = useConsoleT();
  const districtName = useDistrictName();
  const time = useShowTime();
  return (
    <ConsoleTable
      columns={[
        t('alerts.kind'),
        t('alerts.subject'),
        t('alerts.district'),
        t('alerts.since'),
        t('alerts.openedAt'),
        ...(closed ? [t('alerts.closedAt')] : []),
        t('alerts.rule'),
      ]}
      minWidth={720}
      striped
      highlightOnHover
      aria-label={label}
    >
      {alerts.map((alert) => (
        <ConsoleRow key={alert.id}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {t(`alerts.kinds.${alert.kind}`)}
            </Text>
          </Table.Td>
          <Table.Td>
            {alert.machineId ? (
              <ConsoleLink to={machinePath(alert.machineId)}>{alert.machineId}</ConsoleLink>
            ) : (
              t('alerts.theFeed')
            )}
          </Table.Td>
          <Table.Td>{alert.district ? districtName(alert.district) : '—'}</Table.Td>
          <Table.Td>{time(alert.since)}</Table.Td>
          <Table.Td>{time(alert.openedAt)}</Table.Td>
          {closed && <Table.Td>{time(alert.closedAt)}</Table.Td>}
          <Table.Td>
            {alert.ruleId === null
              ? t('alerts.ruleGone')
              : t(usesHours(alert.kind) ? 'alerts.ruleHours' : 'alerts.ruleMinutes', {
                  id: alert.ruleId,
                  count: amountOf(alert),
                })}
          </Table.Td>
        </ConsoleRow>
      ))}
    </ConsoleTable>
  );
}
