import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { nowAtom } from '../../clock/nowAtom';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { useIsMobile } from '../../ui/useIsMobile';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage, type Outcome } from '../OutcomeMessage';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { endOtherSessions, endOwnSession, fetchOwnSessions, type OwnSession } from './ownSessions';

/** Where the signed-in person is signed in (ASVS 3.3.4): each session, and signing out any other one or all. */
export function SessionsPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom).getTime();
  const mobile = useIsMobile();
  const colon = useT()('punctuation.colon');
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A row's button goes with its row: focus moves to what came of it, never to the page's body.
  const outcomeRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setSessions(await fetchOwnSessions(call));
    } catch (error) {
      setFailure(error);
    }
  }, [call]);
  useEffect(() => void load(), [load]);

  const time = (iso: string) => hongKongTime(Date.parse(iso), now, locale);
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
      {failure !== null ? (
        <Stack align="flex-start" role="alert">
          <Text>
            {t('sessions.loadFailed')} {errorText(failure)}
          </Text>
          <Button onClick={() => void load()}>{t('console.retry')}</Button>
        </Stack>
      ) : sessions === null ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('console.loading')}</Text>
        </Group>
      ) : (
        <>
          {mobile ? (
            // On a phone each session is a card: a table this wide would hide its Sign out buttons.
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('sessions.table')}>
              {sessions.map((session) => (
                <Paper component="li" withBorder p="sm" key={session.handle}>
                  <Stack gap={4} align="flex-start">
                    <Text fw={session.current ? 700 : 600}>{browser(session)}</Text>
                    <Text size="sm">
                      {t('sessions.signedInAt')}
                      {colon}
                      {time(session.createdAt)}
                    </Text>
                    <Text size="sm">
                      {t('sessions.lastSeen')}
                      {colon}
                      {time(session.lastSeenAt)}
                    </Text>
                    <Text size="sm">
                      {t('sessions.address')}
                      {colon}
                      {session.address}
                    </Text>
                    {action(session)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={t('sessions.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('sessions.browser')}</Table.Th>
                    <Table.Th scope="col">{t('sessions.signedInAt')}</Table.Th>
                    <Table.Th scope="col">{t('sessions.lastSeen')}</Table.Th>
                    <Table.Th scope="col">{t('sessions.address')}</Table.Th>
                    <Table.Th scope="col">{t('sessions.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.map((session) => (
                    <Table.Tr key={session.handle}>
                      <Table.Th scope="row" fw={session.current ? 700 : 400}>
                        {browser(session)}
                      </Table.Th>
                      <Table.Td>{time(session.createdAt)}</Table.Td>
                      <Table.Td>{time(session.lastSeenAt)}</Table.Td>
                      <Table.Td>{session.address}</Table.Td>
                      <Table.Td>{action(session)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
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
    </Stack>
  );
}
