import { Alert, Button, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { CodeInput } from '../factors/CodeInput';
import { giveSecondFactor } from '../factors/factorCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { useErrorText } from '../useErrorText';

/** The second step of signing in: a code from the person's app, or one of their recovery codes. */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const locale = useAtomValue(localeAtom);
  const call = useConsoleCall();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    try {
      onSignedIn(await giveSecondFactor(call, code));
    } catch (error) {
      setCode('');
      setBusy(false);
      if (!(error instanceof ApiError)) return setMessage(errorText(error));
      const seconds = (error.body as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      const time = hongKongTime(Date.now() + (seconds ?? 60) * 1000, Date.now(), locale);
      if (error.msg === 'accountLocked') return setMessage(t('login.locked', { time }));
      if (error.msg === 'tooManyAttempts') return setMessage(t('login.tooManyAttempts', { time }));
      setMessage(errorText(error));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm">{t('login.codeIntro')}</Text>
        <CodeInput value={code} onChange={setCode} />
        {message && <Alert color="red">{message}</Alert>}
        <Button type="submit" loading={busy}>
          {t('login.codeSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
