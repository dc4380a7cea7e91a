import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { localeAtom } from '../../i18n/localeAtom';
import { ConsoleLink } from '../ConsoleLink';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { useDistrictName } from '../useDistrictName';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useShowTime } from '../useShowTime';
import { WarningNotice } from '../WarningNotice';
import { decideHold, type FeedReview } from './feedReview';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

type Decision = 'confirm' | 'reject';

/** The sync held back, the machines it would deactivate, and an admin's Confirm or Reject (asked twice). */
export function HeldSync({ review, onDecided }: { review: FeedReview; onDecided: () => Promise<void> }) {
  const t = useConsoleT();
  const districtName = useDistrictName();
  const time = useShowTime();
  const call = useConsoleCall();
  const locale = useAtomValue(localeAtom);
  const admin = useAtomValue(sessionAtom)?.role === 'admin';
  const [asking, setAsking] = useState<Decision | null>(null);
  const { busy, outcome, run } = useOutcomeAction();
  const { hold } = review;

  if (!hold) {
    return (
      <Stack gap="xs">
        <Title order={3}>{t('feedReview.hold')}</Title>
        <Text>{t('feedReview.noHold')}</Text>
        {review.keptMachines > 0 && <Text>{t('feedReview.kept', { count: review.keptMachines })}</Text>}
        {outcome && <OutcomeText {...outcome} />}
      </Stack>
    );
  }

  const decide = async (decision: Decision) => {
    await run(async () => {
      await decideHold(call, hold.id, decision);
      return t(decision === 'confirm' ? 'feedReview.confirmed' : 'feedReview.rejected');
    });
    setAsking(null);
    await onDecided();
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{t('feedReview.hold')}</Title>
      <WarningNotice title={t('feedReview.heldTitle')}>
        {t('feedReview.heldText', {
          at: time(hold.heldAt),
          count: hold.machines,
          remaining: hold.remaining,
          active: hold.active,
          baseline: hold.baseline,
        })}
        {review.feed?.nextPollAt && (
          <Text mt="xs" size="sm" fw={600}>
            {t('feedReview.heldNext', { time: time(review.feed.nextPollAt) })}
          </Text>
        )}
      </WarningNotice>
      {admin ? (
        <Group gap="sm">
          <Button color="red" onClick={() => setAsking('confirm')}>
            {t('feedReview.confirm')}
          </Button>
          <Button variant="default" onClick={() => setAsking('reject')}>
            {t('feedReview.reject')}
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">{t('feedReview.adminsDecide')}</Text>
      )}
      {outcome && <OutcomeText {...outcome} />}
      <ConsoleTable
        columns={[t('feedReview.machineId'), t('feedReview.machineName'), t('fleet.column.district')]}
        caption={t('feedReview.machines', { count: hold.machines })}
        minWidth={420}
        striped
        aria-label={t('feedReview.machines', { count: hold.machines })}
      >
        {hold.machineList.map((machine) => (
          <ConsoleRow key={machine.id}>
            <Table.Td>
              <ConsoleLink to={machinePath(machine.id)}>{machine.id}</ConsoleLink>
            </Table.Td>
            <Table.Td>{machine[`name_${locale}`] ?? machine.name_en ?? ''}</Table.Td>
            <Table.Td>{districtName(machine.district)}</Table.Td>
          </ConsoleRow>
        ))}
      </ConsoleTable>
      {hold.machineList.length < hold.machines && (
        <Text size="sm" c="dimmed">
          {t('feedReview.otherDistricts', { count: hold.machines - hold.machineList.length })}
        </Text>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        closeButtonProps={{ 'aria-label': t('feedReview.cancel') }}
        title={asking === 'confirm' ? t('feedReview.confirmTitle') : t('feedReview.rejectTitle')}
      >
        <Stack>
          <Text>
            {asking === 'confirm'
              ? t('feedReview.confirmText', { count: hold.machines })
              : t('feedReview.rejectText', { count: hold.machines })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('feedReview.cancel')}
            </Button>
            <Button
              color={asking === 'confirm' ? 'red' : undefined}
              loading={busy}
              onClick={() => asking && void decide(asking)}
            >
              {asking === 'confirm' ? t('feedReview.confirmDo') : t('feedReview.rejectDo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function OutcomeText({ ok, text }: { ok: boolean; text: string }) {
  return (
    <Text role={ok ? 'status' : 'alert'} c={ok ? undefined : 'red.8'}>
      {text}
    </Text>
  );
}
