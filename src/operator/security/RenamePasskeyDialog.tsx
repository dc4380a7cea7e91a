import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, type OwnFactors, type Passkey } from '../../../shared/contract/factors';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleAction } from '../kit/useConsoleAction';
import { renamePasskey } from '../factors/passkeyCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';

/** A passkey's new name. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRenamed: (factors: OwnFactors) => void;
}) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const { busy, failure, run, clear } = useConsoleAction();
  useEffect(() => {
    setName(passkey?.name ?? '');
    clear();
  }, [passkey, clear]);

  const save = async () => {
    if (!passkey) return;
    await run(async () => onRenamed(await renamePasskey(call, passkey.id, name.trim())));
  };

  return (
    <Modal
      opened={passkey !== null}
      onClose={onClose}
      title={t('security.renameTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('security.passkeyName')}
            required
            data-autofocus
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {failure !== null && <Alert color="red">{errorText(failure)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={name.trim() === ''}>
              {t('security.saveName')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
