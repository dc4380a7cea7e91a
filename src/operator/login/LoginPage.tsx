import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { navigateAtom } from '../../router/routeAtom';
import { ConsoleI18n } from '../i18n/ConsoleI18n';
import { LanguageMenu } from '../i18n/LanguageMenu';
import { useConsoleT } from '../i18n/useConsoleT';
import { fetchSession } from '../session/authCalls';
import { ConsoleApi, useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { useConsoleTitle } from '../useConsoleTitle';
import { useFocusOnNavigation } from '../useFocusOnNavigation';
import { pathAfterSignIn } from './nextPath';
import { publicMapPath } from '../consolePaths';
import { PasswordChangeForm } from './PasswordChangeForm';
import { SignedInCard } from './SignedInCard';
import { SignInForm } from './SignInForm';

/** The spec's login route: operators sign in here, and come back to the page that sent them. */
export function LoginPage() {
  return (
    <ConsoleI18n>
      <ConsoleApi onUnauthorized="answer">
        <SignInScreen />
      </ConsoleApi>
    </ConsoleI18n>
  );
}

type Stage = 'checking' | 'signIn' | 'changePassword' | 'signedIn';

function SignInScreen() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const navigate = useSetAtom(navigateAtom);
  const setSession = useSetAtom(sessionAtom);
  const [stage, setStage] = useState<Stage>('checking');
  const [name, setName] = useState('');
  useConsoleTitle(t('login.title'));
  // Each stage replaces the form the focus was in (and signing out leaves the console's page): the title takes it.
  const titleRef = useFocusOnNavigation<HTMLHeadingElement>(stage);

  const enter = (session: Session | null) => {
    setSession(session);
    setName(session?.name ?? '');
    setStage(session === null ? 'signIn' : session.mustChangePassword ? 'changePassword' : 'signedIn');
  };
  const goOn = () =>
    navigate({
      path: pathAfterSignIn(window.location.search, window.location.origin),
      replace: true,
      keepQuery: false,
    });

  useEffect(() => {
    let current = true;
    fetchSession(call).then(
      (session) => current && enter(session),
      () => current && enter(null),
    );
    return () => {
      current = false;
    };
    // Once, when the page opens: who is signed in already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call]);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw="28rem">
        <Stack>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title ref={titleRef} tabIndex={-1} order={1} size="h2">
              {stage === 'changePassword' ? t('login.changeTitle') : t('login.title')}
            </Title>
            <LanguageMenu />
          </Group>
          {stage === 'checking' && <Loader role="status" aria-label={t('console.loading')} />}
          {stage === 'signIn' && (
            <>
              <Text size="sm" c="dimmed">
                {t('login.intro')}
              </Text>
              <SignInForm
                onSignedIn={(session) => {
                  enter(session);
                  if (!session.mustChangePassword) goOn();
                }}
              />
            </>
          )}
          {stage === 'changePassword' && (
            <PasswordChangeForm
              onChanged={(session) => {
                enter(session);
                goOn();
              }}
            />
          )}
          {stage === 'signedIn' && <SignedInCard name={name} onContinue={goOn} onSignedOut={() => enter(null)} />}
          <Anchor
            href={publicMapPath(window.location.search)}
            onClick={(event) => {
              event.preventDefault();
              navigate({ path: publicMapPath(window.location.search), replace: false, keepQuery: false });
            }}
          >
            {t('login.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
