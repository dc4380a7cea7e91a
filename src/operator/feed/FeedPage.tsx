import { Alert, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { useConsoleTitle } from '../useConsoleTitle';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { useShowTime } from '../useShowTime';
import { fetchFeedReview, type FeedHold, type FeedReview, type FeedState } from './feedReview';
import { HeldSync } from './HeldSync';
import { ConsoleTable } from '../ConsoleTable';

/** How often the page asks again: a hold or a failing feed shows within this. */
const POLL_MS = 5000;

/** What the feed follower is doing, and the sync held back as a mass deactivation, for an admin to decide. */
export function FeedPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [review, setReview] = useState<FeedReview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useConsoleTitle(t('feedReview.title'), t('console.title'));

  const load = useCallback(async () => {
    try {
      setReview(await fetchFeedReview(call));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [call]);
  usePolling(load, POLL_MS);

  return (
    <Stack gap="lg">
      <Title order={2}>{t('feedReview.title')}</Title>
      {failure !== null && (
        <Alert color="red" role="alert">
          {t('feedReview.loadFailed')} {errorText(failure)}
        </Alert>
      )}
      {review === null ? (
        failure === null && (
          <Group>
            <Loader size="sm" />
            <Text>{t('console.loading')}</Text>
          </Group>
        )
      ) : (
        <>
          {review.feed ? <FeedStateTable feed={review.feed} /> : <Text>{t('feedReview.noFeed')}</Text>}
          <HeldSync review={review} onDecided={load} />
          {review.recent.length > 0 && <RecentHolds holds={review.recent} />}
        </>
      )}
    </Stack>
  );
}

function FeedStateTable({ feed }: { feed: FeedState }) {
  const t = useConsoleT();
  const time = useShowTime();
  const rows: [string, string][] = [
    [t('feedReview.url'), feed.url],
    [t('feedReview.lastSync'), time(feed.syncedAt, t('feedReview.never'))],
    [t('feedReview.lastError'), feed.lastError ?? t('feedReview.noError')],
    [t('feedReview.failures'), String(feed.failures)],
    [t('feedReview.interval'), t('feedReview.seconds', { count: Math.round(feed.intervalMs / 1000) })],
    [t('feedReview.nextPoll'), time(feed.nextPollAt)],
    [t('feedReview.poller'), feed.poller ?? '—'],
  ];
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Title order={3}>{t('feedReview.state')}</Title>
        {feed.stale && (
          <Text c="red.8" fw={600}>
            {t('feedReview.stale')}
          </Text>
        )}
      </Group>
      <Table withRowBorders aria-label={t('feedReview.state')} maw={760}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="35%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function RecentHolds({ holds }: { holds: FeedHold[] }) {
  const t = useConsoleT();
  const time = useShowTime();
  return (
    <Stack gap="xs">
      <Title order={3}>{t('feedReview.recent')}</Title>
      <ConsoleTable minWidth={560} striped aria-label={t('feedReview.recent')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('feedReview.heldAt')}</Table.Th>
            <Table.Th scope="col">{t('feedReview.wouldDeactivate')}</Table.Th>
            <Table.Th scope="col">{t('feedReview.outcome')}</Table.Th>
            <Table.Th scope="col">{t('feedReview.decidedBy')}</Table.Th>
            <Table.Th scope="col">{t('feedReview.decidedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holds.map((hold) => (
            <Table.Tr key={hold.id}>
              <Table.Td data-label={t('feedReview.heldAt')}>{time(hold.heldAt)}</Table.Td>
              <Table.Td data-label={t('feedReview.wouldDeactivate')}>{hold.machines}</Table.Td>
              <Table.Td data-label={t('feedReview.outcome')}>{t(`feedReview.holdState.${hold.state}`)}</Table.Td>
              <Table.Td data-label={t('feedReview.decidedBy')}>{decider(hold) ?? t('feedReview.byFeed')}</Table.Td>
              <Table.Td data-label={t('feedReview.decidedAt')}>{time(hold.decidedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ConsoleTable>
    </Stack>
  );
}

/** Who decided: the admin, also "rejected by" when another confirmed it later. */
const decider = (hold: FeedHold): string | null =>
  hold.rejectedBy && hold.decidedBy && hold.rejectedBy !== hold.decidedBy
    ? `${hold.decidedBy} (${hold.rejectedBy})`
    : hold.decidedBy;
