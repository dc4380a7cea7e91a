import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { useList } from '../kit/useList';
import { OutcomeMessage, type Outcome } from '../OutcomeMessage';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { useShowTime } from '../useShowTime';
import { endOtherSessions, endOwnSession, fetchOwnSessions, type OwnSession } from './ownSessions';

/** Where the signed-in person is signed in (ASVS 3.3.4): each session, and signing out any other one or all. */
export function SessionsPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const time = useShowTime();
  const { items: sessions, failure, reload: load } = useList(useCallback(() => fetchOwnSessions(call), [call]));
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A row's button goes with its row: focus moves to what came of it, never to the page's body.
  const outcomeRef = useRef<HTMLDivElement>(null);

  const browser = (session: OwnSession) => session.agent || t('sessions.unknownBrowser');

  const act = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    try {
      setOutcome({ ok: true, text: await action() });
    } catch (error) {
      const gone = error instanceof ApiError && error.status === 404;
      setOutcome({ ok: gone, text: gone ? t('sessions.gone') : `${t('sessions.endFailed')} ${errorText(error)}` });
    } finally {
      setBusy(null);
      await load();
      outcomeRef.current?.focus();
    }
  };
  const endOne = (session: OwnSession) =>
    act(session.handle, async () => {
      await endOwnSession(call, session.handle);
      return t('sessions.endedOne');
    });
  const endOthers = () => act('others', async () => t('sessions.endedOthers', { count: await endOtherSessions(call) }));

  const action = (session: OwnSession) =>
    session.current ? (
      <Badge variant="light" color="brand" tt="none" radius="sm">
        {t('sessions.current')}
      </Badge>
    ) : (
      <Button
        size="xs"
        variant="default"
        loading={busy === session.handle}
        aria-label={t('sessions.signOutOneLabel', {
          name: browser(session),
          time: time(session.createdAt),
        })}
        onClick={() => void endOne(session)}
      >
        {t('sessions.signOutOne')}
      </Button>
    );

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('sessions.title')}</Title>
      <Text>{t('sessions.intro')}</Text>
      <div ref={outcomeRef} tabIndex={-1}>
        <OutcomeMessage outcome={outcome} />
      </div>
      <ListState items={sessions} failure={failure} failed={t('sessions.loadFailed')} onRetry={() => void load()}>
        {(shown) => (
          <>
            <ConsoleTable
              columns={[
                t('sessions.browser'),
                t('sessions.signedInAt'),
                t('sessions.lastSeen'),
                t('sessions.address'),
                t('sessions.actions'),
              ]}
              minWidth={640}
              striped
              aria-label={t('sessions.table')}
            >
              {shown.map((session) => (
                <ConsoleRow key={session.handle}>
                  <Table.Th scope="row" fw={session.current ? 700 : 400}>
                    {browser(session)}
                  </Table.Th>
                  <Table.Td>{time(session.createdAt)}</Table.Td>
                  <Table.Td>{time(session.lastSeenAt)}</Table.Td>
                  <Table.Td>{session.address}</Table.Td>
                  <Table.Td>{action(session)}</Table.Td>
                </ConsoleRow>
              ))}
            </ConsoleTable>
            {others === 0 ? (
              <Text c="dimmed">{t('sessions.noOthers')}</Text>
            ) : (
              <Button
                variant="default"
                color="red"
                loading={busy === 'others'}
                onClick={() => void endOthers()}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('sessions.signOutOthers')}
              </Button>
            )}
          </>
        )}
      </ListState>
    </Stack>
  );
}
