import { Badge, Button, Group, List, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useState, type FormEvent } from 'react';
import { readEmbedOrigin } from '../../../shared/embedOrigin';
import type { EmbedOriginsAnswer } from '../../../shared/contract/embedOrigins';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { useList } from '../kit/useList';
import { OutcomeMessage } from '../OutcomeMessage';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { useShowTime } from '../useShowTime';
import { addEmbedOrigin, fetchEmbedOrigins, removeEmbedOrigin } from './embedCalls';

/**
 * The host origins allowed to frame the map: the deployment's floor (RVM_EMBED_ORIGINS, read-only) and those added
 * here, effective on every instance within seconds (decision 0073).
 */
export function EmbedOriginsSection() {
  const t = useConsoleT();
  const showTime = useShowTime();
  const call = useConsoleCall();
  const load = useCallback(async () => [await fetchEmbedOrigins(call)], [call]);
  const { items, failure, reload } = useList<EmbedOriginsAnswer>(load);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const { busy, outcome, run, say } = useOutcomeAction();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const origin = readEmbedOrigin(typed);
    setInvalid(origin === null);
    say(null);
    if (origin === null) return;
    await run(async () => {
      await addEmbedOrigin(call, origin);
      setTyped('');
      return t('embed.added', { url: origin });
    });
    await reload();
  };
  const remove = async (origin: string) => {
    await run(async () => {
      await removeEmbedOrigin(call, origin);
      return t('embed.removed', { url: origin });
    });
    setRemoving(null);
    await reload();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="embed-origins-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="embed-origins-title">
          {t('embed.originsTitle')}
        </Title>
        <Text size="sm">{t('embed.originsIntro')}</Text>
        <ListState items={items} failure={failure} failed={t('embed.loadFailed')} onRetry={() => void reload()}>
          {([answer]) =>
            answer && (
              <Stack gap="md">
                <div>
                  <Text fw={600}>{t('embed.floor')}</Text>
                  {answer.floor.length === 0 ? (
                    <Text size="sm">{answer.origins.length === 0 ? t('embed.openToAll') : t('embed.floorEmpty')}</Text>
                  ) : (
                    <List size="sm">
                      {answer.floor.map((origin) => (
                        <List.Item key={origin}>
                          <Group gap="xs">
                            <code>{origin}</code>
                            <Badge variant="light" color="gray">
                              {t('embed.floorBadge')}
                            </Badge>
                          </Group>
                        </List.Item>
                      ))}
                    </List>
                  )}
                </div>
                {answer.origins.length === 0 ? (
                  <Text size="sm">{t('embed.noneAdded')}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={320}>
                    <Table aria-label={t('embed.addedTable')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('embed.origin')}</Table.Th>
                          <Table.Th>{t('embed.addedBy')}</Table.Th>
                          <Table.Th>{t('embed.addedAt')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('embed.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {answer.origins.map((added) => (
                          <Table.Tr key={added.origin}>
                            <Table.Td style={{ overflowWrap: 'anywhere' }}>
                              <code>{added.origin}</code>
                            </Table.Td>
                            <Table.Td>{added.addedBy}</Table.Td>
                            <Table.Td>{showTime(added.addedAt)}</Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="default"
                                aria-label={t('embed.removeOf', { url: added.origin })}
                                onClick={() => {
                                  say(null);
                                  setRemoving(added.origin);
                                }}
                              >
                                {t('embed.remove')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            )
          }
        </ListState>
        <form onSubmit={(event) => void add(event)} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('embed.newOrigin')}
              description={t('embed.newOriginHint')}
              placeholder="https://www.example.gov.hk"
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setInvalid(false);
              }}
              error={invalid ? t('error.embedOriginInvalid') : undefined}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: '1 1 18rem' }}
            />
            <Button type="submit" loading={busy} mt={{ base: 0, sm: 46 }}>
              {t('embed.add')}
            </Button>
          </Group>
        </form>
        <OutcomeMessage outcome={outcome} />
      </Stack>
      <ConfirmDialog
        title={removing ? t('embed.confirmTitle', { url: removing }) : null}
        text={t('embed.confirm', { url: removing ?? '' })}
        confirm={t('embed.remove')}
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Paper>
  );
}
