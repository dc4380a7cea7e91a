import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { useShowTime } from '../useShowTime';
import { fetchDeliveries, type Delivery, type Webhook } from './alertCalls';
import { ConsoleTable } from '../ConsoleTable';

/** A pending delivery's next try shows within this. */
const POLL_MS = 10_000;

/** One webhook's deliveries, newest first: event, state, attempts, the receiver's answer, the next try. */
export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const t = useConsoleT();
  const time = useShowTime();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setDeliveries(await fetchDeliveries(call, webhook.id));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [call, webhook.id]);
  usePolling(load, POLL_MS);

  if (failure !== null) {
    return (
      <Group role="alert">
        <Text>
          {t('alerts.loadFailed')} {errorText(failure)}
        </Text>
        <Button size="xs" variant="default" onClick={() => void load()}>
          {t('console.retry')}
        </Button>
      </Group>
    );
  }
  if (deliveries === null) return <Loading />;
  if (deliveries.length === 0) return <Text size="sm">{t('alerts.noDeliveries')}</Text>;
  return (
    <Stack gap="xs">
      <ConsoleTable minWidth={680} striped withTableBorder aria-label={t('alerts.deliveryLogOf', { url: webhook.url })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('alerts.queuedAt')}</Table.Th>
            <Table.Th scope="col">{t('alerts.event')}</Table.Th>
            <Table.Th scope="col">{t('alerts.deliveryState')}</Table.Th>
            <Table.Th scope="col">{t('alerts.attempts')}</Table.Th>
            <Table.Th scope="col">{t('alerts.responseCode')}</Table.Th>
            <Table.Th scope="col">{t('alerts.nextAttempt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td data-label={t('alerts.queuedAt')}>{time(delivery.createdAt)}</Table.Td>
              <Table.Td data-label={t('alerts.event')}>
                {delivery.event === 'alert.closed' ? t('alerts.eventClosed') : t('alerts.eventOpened')}
              </Table.Td>
              <Table.Td data-label={t('alerts.deliveryState')}>
                {t(`alerts.deliveryStates.${delivery.state}`)}
                {delivery.lastError && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {delivery.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t('alerts.attempts')}>{delivery.attempts}</Table.Td>
              <Table.Td data-label={t('alerts.responseCode')}>{delivery.lastStatus ?? '—'}</Table.Td>
              <Table.Td data-label={t('alerts.nextAttempt')}>
                {delivery.state === 'pending' ? time(delivery.nextAttemptAt) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ConsoleTable>
    </Stack>
  );
}
