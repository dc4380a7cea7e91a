import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { signInWithPasskey } from '../factors/passkeyCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';

/** "Sign in with a passkey": a passkey of this site the browser holds, without a name or password (decision 0071). */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const failureText = usePasskeyFailure();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const signIn = async () => {
    setBusy(true);
    setMessage(null);
    try {
      onSignedIn(await signInWithPasskey(call));
    } catch (error) {
      setMessage(failureText(error));
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Button variant="default" loading={busy} onClick={() => void signIn()}>
        {t('login.passkeySignIn')}
      </Button>
      {message && <Alert color="red">{message}</Alert>}
      <Divider label={t('login.orPassword')} labelPosition="center" />
    </Stack>
  );
}
