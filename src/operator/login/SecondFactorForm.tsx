import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { CodeInput } from '../factors/CodeInput';
import { giveSecondFactor } from '../factors/factorCalls';
import { passkeyAssertion } from '../factors/passkeyCalls';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';

/** The second step of signing in: one of the person's passkeys, a code from their app, or a recovery code. */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useConsoleT();
  const failureText = usePasskeyFailure();
  const call = useConsoleCall();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const give = async (way: 'code' | 'passkey') => {
    setBusy(way);
    setMessage(null);
    try {
      const proof = way === 'code' ? { code } : { passkey: await passkeyAssertion(call) };
      onSignedIn(await giveSecondFactor(call, proof));
    } catch (error) {
      setCode('');
      setBusy(null);
      setMessage(failureText(error));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void give('code');
      }}
    >
      <Stack>
        <Text size="sm">{t('login.codeIntro')}</Text>
        <Button variant="default" loading={busy === 'passkey'} onClick={() => void give('passkey')}>
          {t('login.usePasskey')}
        </Button>
        <Divider label={t('login.orCode')} labelPosition="center" />
        <CodeInput value={code} onChange={setCode} />
        {message && <Alert color="red">{message}</Alert>}
        <Button type="submit" loading={busy === 'code'}>
          {t('login.codeSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
