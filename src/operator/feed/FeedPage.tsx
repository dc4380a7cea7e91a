import { Alert, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { useShowTime } from '../useShowTime';
import { fetchFeedReview, type FeedHold, type FeedReview, type FeedState } from './feedReview';
import { HeldSync } from './HeldSync';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

/** How often the page asks again: a hold or a failing feed shows within this. */
const POLL_MS = 5000;

/** What the feed follower is doing, and the sync held back as a mass deactivation, for an admin to decide. */
export function FeedPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [review, setReview] = useState<FeedReview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

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
      <ConsoleTable
        columns={[
          t('feedReview.heldAt'),
          t('feedReview.wouldDeactivate'),
          t('feedReview.outcome'),
          t('feedReview.decidedBy'),
          t('feedReview.decidedAt'),
        ]}
        minWidth={560}
        striped
        aria-label={t('feedReview.recent')}
      >
        {holds.map((hold) => (
          <ConsoleRow key={hold.id}>
            <Table.Td>{time(hold.heldAt)}</Table.Td>
            <Table.Td>{hold.machines}</Table.Td>
            <Table.Td>{t(`feedReview.holdState.${hold.state}`)}</Table.Td>
            <Table.Td>{decider(hold) ?? t('feedReview.byFeed')}</Table.Td>
            <Table.Td>{time(hold.decidedAt)}</Table.Td>
          </ConsoleRow>
        ))}
      </ConsoleTable>
    </Stack>
  );
}

/** Who decided: the admin, also "rejected by" when another confirmed it later. */
const decider = (hold: FeedHold): string | null =>
  hold.rejectedBy && hold.decidedBy && hold.rejectedBy !== hold.decidedBy
    ? `${hold.decidedBy} (${hold.rejectedBy})`
    : hold.decidedBy;
