import { Table, Text } from '@mantine/core';
import { ConsoleLink } from '../ConsoleLink';
import { machinePath } from '../consoleRoute';
import { useConsoleT } from '../i18n/useConsoleT';
import { useDistrictName } from '../useDistrictName';
import { useShowTime } from '../useShowTime';
import { amountOf, usesHours, type Alert } from './alertCalls';
import { ConsoleTable } from '../ConsoleTable';

/** Alerts as a table: what, on which machine (or the feed), where, since when, by which rule; closed ones too. */
export function AlertsTable({ alerts, label, closed }: { alerts: Alert[]; label: string; closed: boolean }) {
  const t = useConsoleT();
  const districtName = useDistrictName();
  const time = useShowTime();
  return (
    <ConsoleTable minWidth={720} striped highlightOnHover aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('alerts.kind')}</Table.Th>
          <Table.Th scope="col">{t('alerts.subject')}</Table.Th>
          <Table.Th scope="col">{t('alerts.district')}</Table.Th>
          <Table.Th scope="col">{t('alerts.since')}</Table.Th>
          <Table.Th scope="col">{t('alerts.openedAt')}</Table.Th>
          {closed && <Table.Th scope="col">{t('alerts.closedAt')}</Table.Th>}
          <Table.Th scope="col">{t('alerts.rule')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {alerts.map((alert) => (
          <Table.Tr key={alert.id}>
            <Table.Td data-label={t('alerts.kind')}>
              <Text size="sm" fw={600}>
                {t(`alerts.kinds.${alert.kind}`)}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('alerts.subject')}>
              {alert.machineId ? (
                <ConsoleLink to={machinePath(alert.machineId)}>{alert.machineId}</ConsoleLink>
              ) : (
                t('alerts.theFeed')
              )}
            </Table.Td>
            <Table.Td data-label={t('alerts.district')}>{alert.district ? districtName(alert.district) : '—'}</Table.Td>
            <Table.Td data-label={t('alerts.since')}>{time(alert.since)}</Table.Td>
            <Table.Td data-label={t('alerts.openedAt')}>{time(alert.openedAt)}</Table.Td>
            {closed && <Table.Td data-label={t('alerts.closedAt')}>{time(alert.closedAt)}</Table.Td>}
            <Table.Td data-label={t('alerts.rule')}>
              {alert.ruleId === null
                ? t('alerts.ruleGone')
                : t(usesHours(alert.kind) ? 'alerts.ruleHours' : 'alerts.ruleMinutes', {
                    id: alert.ruleId,
                    count: amountOf(alert),
                  })}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ConsoleTable>
  );
}
