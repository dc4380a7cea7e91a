import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage } from '../OutcomeMessage';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListState } from '../kit/ListState';
import { SecretDialog } from '../kit/SecretDialog';
import { useList } from '../kit/useList';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { createToken, fetchTokens, revokeToken, type ApiToken, type NewToken } from './tokenCalls';
import { TokenDialog } from './TokenDialog';
import { TokensTable } from './TokensTable';

/** Named API tokens for scripts and controllers: made with the secret shown once, revoked with a confirmation. */
export function TokensPage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const session = useAtomValue(sessionAtom);
  const { items: tokens, failure, reload } = useList(useCallback(() => fetchTokens(call), [call]));
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const { busy, outcome, run, say } = useOutcomeAction();

  const create = async (input: NewToken) => {
    const made = await createToken(call, input);
    setAdding(false);
    setSecret({ name: made.token.name, secret: made.secret });
    say({ ok: true, text: t('tokens.created', { name: made.token.name }) });
    await reload();
  };
  const revoke = async (token: ApiToken) => {
    await run(async () => {
      await revokeToken(call, token.id);
      return t('tokens.revoked', { name: token.name });
    });
    setRevoking(null);
    await reload();
  };

  if (session?.role !== 'admin') return <Alert color="yellow">{t('people.adminsOnly')}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('tokens.title')}</Title>
        <Button
          onClick={() => {
            say(null);
            setAdding(true);
          }}
        >
          {t('tokens.new')}
        </Button>
      </Group>
      <Text c="dimmed">{t('tokens.intro')}</Text>
      <OutcomeMessage outcome={outcome} />
      <ListState
        items={tokens}
        failure={failure}
        failed={t('tokens.loadFailed')}
        onRetry={() => void reload()}
        empty={t('tokens.empty')}
      >
        {(shown) => <TokensTable tokens={shown} onRevoke={setRevoking} />}
      </ListState>
      {adding && <TokenDialog onCreate={create} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        title={revoking ? t('tokens.confirmTitle', { name: revoking.name }) : null}
        text={t('tokens.confirm', { name: revoking?.name ?? '' })}
        confirm={t('tokens.revoke')}
        busy={busy}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      />
      <SecretDialog
        title={t('tokens.secretTitle', { name: secret?.name ?? '' })}
        label={t('tokens.secretLabel')}
        warning={t('tokens.secretWarning')}
        value={secret?.secret ?? null}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
