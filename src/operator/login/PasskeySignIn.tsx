import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleAction } from '../kit/useConsoleAction';
import { signInWithPasskey } from '../factors/passkeyCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';

/** "Sign in with a passkey": a passkey of this site the browser holds, without a name or password (decision 0071). */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const failureText = usePasskeyFailure();
  const { busy, failure, run } = useConsoleAction(failureText);
  const signIn = () => run(async () => onSignedIn(await signInWithPasskey(call)));

  return (
    <Stack gap="sm">
      <Button variant="default" loading={busy} onClick={() => void signIn()}>
        {t('login.passkeySignIn')}
      </Button>
      {failure && <Alert color="red">{failure}</Alert>}
      <Divider label={t('login.orPassword')} labelPosition="center" />
    </Stack>
  );
}
