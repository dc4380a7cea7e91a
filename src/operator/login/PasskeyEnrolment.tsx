import { Alert, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../shared/contract/factors';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleAction } from '../kit/useConsoleAction';
import { addPasskey } from '../factors/passkeyCalls';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';
import { useConsoleCall } from '../session/ConsoleApi';

/** A passkey as the second factor the policy asks for, set up at sign-in instead of an app (decision 0071). */
export function PasskeyEnrolment({ onDone }: { onDone: () => Promise<void> }) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const failureText = usePasskeyFailure();
  const [name, setName] = useState('');
  const { busy, failure, run } = useConsoleAction(failureText);
  // Busy until the sign-in has gone on to its next step.
  const add = () =>
    run(async () => {
      await addPasskey(call, name.trim());
      await onDone();
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput
            label={t('security.newPasskeyName')}
            required
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={busy} disabled={name.trim() === ''}>
            {t('security.addPasskey')}
          </Button>
        </Group>
        {failure && <Alert color="red">{failure}</Alert>}
        <Divider label={t('login.orApp')} labelPosition="center" />
      </Stack>
    </form>
  );
}
