import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { signOut } from '../session/authCalls';
import { useConsoleCall } from '../session/ConsoleApi';

/** Someone already signed in: go on to the page they came from, or sign out and let another person in. */
export function SignedInCard({
  name,
  onContinue,
  onSignedOut,
}: {
  name: string;
  onContinue: () => void;
  onSignedOut: () => void;
}) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Text>{t('login.signedIn', { name })}</Text>
      <Group>
        <Button onClick={onContinue}>{t('login.continue')}</Button>
        <Button
          variant="default"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            if (await signOut(call)) onSignedOut();
            setBusy(false);
          }}
        >
          {t('console.signOut')}
        </Button>
      </Group>
    </>
  );
}
