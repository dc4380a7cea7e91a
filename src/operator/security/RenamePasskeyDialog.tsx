import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH, type OwnFactors, type Passkey } from '../../../shared/contract/factors';
import { useConsoleT } from '../i18n/useConsoleT';
import { FormDialog } from '../kit/FormDialog';
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
    <FormDialog
      opened={passkey !== null}
      title={t('security.renameTitle')}
      failure={failure === null ? null : errorText(failure)}
      busy={busy}
      submit={t('security.saveName')}
      submitDisabled={name.trim() === ''}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label={t('security.passkeyName')}
        required
        data-autofocus
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
