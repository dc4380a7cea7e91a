import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { loginPathFor } from '../../router/loginPath';
import { navigateAtom } from '../../router/routeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { useErrorText } from '../useErrorText';
import { fetchSession } from './authCalls';
import { useConsoleCall } from './ConsoleApi';
import { sessionAtom } from './sessionAtoms';

/**
 * Shows the console to a signed-in person only. No session: the client has already gone to the sign-in page
 * (replacing history) and comes back after it; a password that must change is changed there first, and the second
 * factor given or set up.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const navigate = useSetAtom(navigateAtom);
  const [session, setSession] = useAtom(sessionAtom);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailure(null);
    fetchSession(call).then(
      (found) => {
        if (!current || found === null) return;
        // A password to change, a code to give or a factor to set up first: the sign-in page asks for each.
        if (found.mustChangePassword || found.secondFactor !== 'done') {
          const { pathname, search } = window.location;
          navigate({ path: loginPathFor(pathname + search, search), replace: true });
        } else setSession(found);
      },
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [call, navigate, setSession, attempt]);

  if (session && !session.mustChangePassword && session.secondFactor === 'done') return children;
  return (
    <Center mih="100dvh" component="main">
      {failure ? (
        <Stack align="center">
          <Text>{errorText(failure)}</Text>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('console.retry')}</Button>
        </Stack>
      ) : (
        <Loader role="status" aria-label={t('console.loading')} />
      )}
    </Center>
  );
}
