import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { useShowTime } from '../useShowTime';
import { fetchDeliveries, type Delivery, type Webhook } from './alertCalls';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

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
      <ConsoleTable
        columns={[
          t('alerts.queuedAt'),
          t('alerts.event'),
          t('alerts.deliveryState'),
          t('alerts.attempts'),
          t('alerts.responseCode'),
          t('alerts.nextAttempt'),
        ]}
        minWidth={680}
        striped
        withTableBorder
        aria-label={t('alerts.deliveryLogOf', { url: webhook.url })}
      >
        {deliveries.map((delivery) => (
          <ConsoleRow key={delivery.id}>
            <Table.Td>{time(delivery.createdAt)}</Table.Td>
            <Table.Td>{delivery.event === 'alert.closed' ? t('alerts.eventClosed') : t('alerts.eventOpened')}</Table.Td>
            <Table.Td>
              {t(`alerts.deliveryStates.${delivery.state}`)}
              {delivery.lastError && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {delivery.lastError}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{delivery.attempts}</Table.Td>
            <Table.Td>{delivery.lastStatus ?? '—'}</Table.Td>
            <Table.Td>{delivery.state === 'pending' ? time(delivery.nextAttemptAt) : '—'}</Table.Td>
          </ConsoleRow>
        ))}
      </ConsoleTable>
    </Stack>
  );
}
