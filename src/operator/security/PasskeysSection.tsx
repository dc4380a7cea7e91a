import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, type OwnFactors, type Passkey } from '../../../shared/contract/factors';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage } from '../OutcomeMessage';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { addPasskey, removePasskey } from '../factors/passkeyCalls';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';

/**
 * The person's passkeys (decision 0071): each with its name, when it was added and last used, to rename or remove;
 * and a new one, named first, made by the browser's own prompt.
 */
export function PasskeysSection({
  factors,
  time,
  onChanged,
}: {
  factors: OwnFactors;
  time: (iso: string | null) => string;
  onChanged: (factors: OwnFactors) => void;
}) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const failureText = usePasskeyFailure();
  const [name, setName] = useState('');
  const { busy, outcome, run } = useOutcomeAction(failureText);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);

  const add = () =>
    run(async () => {
      onChanged(await addPasskey(call, name.trim()));
      setName('');
      return t('security.passkeyAdded');
    });
  const remove = async (passkey: Passkey) => {
    await run(async () => {
      onChanged(await removePasskey(call, passkey.id));
      return t('security.passkeyRemoved');
    });
    setRemoving(null);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="passkeys-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="passkeys-title">
          {t('security.passkeysTitle')}
        </Title>
        <Text>{t('security.passkeysIntro')}</Text>
        {factors.passkeys.length === 0 ? (
          <Text>{t('security.noPasskeys')}</Text>
        ) : (
          <ConsoleTable
            minWidth={480}
            aria-label={t('security.passkeysTable')}
            columns={[
              t('security.passkeyName'),
              t('security.passkeyCreated'),
              t('security.passkeyLastUsed'),
              t('security.passkeyActions'),
            ]}
          >
            {factors.passkeys.map((passkey) => (
              <ConsoleRow key={passkey.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{passkey.name}</Table.Td>
                <Table.Td>{time(passkey.createdAt)}</Table.Td>
                <Table.Td>{time(passkey.lastUsedAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('security.renamePasskeyOf', { name: passkey.name })}
                      onClick={() => setRenaming(passkey)}
                    >
                      {t('security.renamePasskey')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('security.removePasskeyOf', { name: passkey.name })}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('security.removePasskey')}
                    </Button>
                  </Group>
                </Table.Td>
              </ConsoleRow>
            ))}
          </ConsoleTable>
        )}
        {factors.passkeysAvailable ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={t('security.newPasskeyName')}
                description={t('security.newPasskeyHint')}
                required
                maxLength={PASSKEY_NAME_MAX_LENGTH}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Button type="submit" loading={busy} disabled={name.trim() === ''}>
                {t('security.addPasskey')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text c="dimmed">{t('error.passkeyUnavailable')}</Text>
        )}
        <OutcomeMessage outcome={outcome} />
      </Stack>
      <RenamePasskeyDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(next) => {
          onChanged(next);
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        title={removing ? t('security.removePasskeyTitle', { name: removing.name }) : null}
        text={t('security.removePasskeyConfirm')}
        confirm={t('security.removePasskey')}
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
