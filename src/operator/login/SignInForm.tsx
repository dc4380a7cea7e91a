import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { signIn, type SignInResult } from '../session/authCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { useErrorText } from '../useErrorText';

type Refusal = Exclude<SignInResult, { kind: 'signedIn' }>;
/** A refusal, and when a lock opens again (ms since the epoch). */
type Shown = { refusal: Refusal; opensAtMs: number | null };

/** Name and password; the server's answer (wrong, locked until a time, too many attempts) shown above the button. */
export function SignInForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const locale = useAtomValue(localeAtom);
  const call = useConsoleCall();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [reopened, setReopened] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  // A lock says when it ends; once that time has come, the form says so.
  const opensAtMs = shown?.opensAtMs ?? null;
  useEffect(() => {
    if (opensAtMs === null) return;
    const timer = setTimeout(() => setReopened(true), Math.max(0, opensAtMs - Date.now()));
    return () => clearTimeout(timer);
  }, [opensAtMs]);

  const submit = async () => {
    setBusy(true);
    const result = await signIn(call, name.trim(), password);
    setBusy(false);
    if (result.kind === 'signedIn') return onSignedIn(result.session);
    setReopened(false);
    setPassword('');
    setShown({
      refusal: result,
      opensAtMs: 'retryAfterSeconds' in result ? Date.now() + result.retryAfterSeconds * 1000 : null,
    });
    passwordRef.current?.focus();
  };

  const message = (() => {
    if (!shown) return null;
    const { refusal } = shown;
    if (reopened) return t('login.openAgain');
    if (refusal.kind === 'badCredentials') return t('error.badCredentials');
    if (refusal.kind === 'failed') return errorText(refusal.error);
    // When the lock opens again, on Hong Kong's clock as every time of the product.
    const time = hongKongTime(shown.opensAtMs ?? Date.now(), Date.now(), locale);
    return refusal.kind === 'accountLocked' ? t('login.locked', { time }) : t('login.tooManyAttempts', { time });
  })();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <PasswordInput
          ref={passwordRef}
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        {message && <Alert color={reopened ? 'blue' : 'red'}>{message}</Alert>}
        <Button type="submit" loading={busy}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
