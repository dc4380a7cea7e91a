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
import { SecondFactorForm } from './SecondFactorForm';
import { TotpEnrolment } from '../factors/TotpEnrolment';
import type { ConsoleKey } from '../i18n/consoleMessages';
import { SignedInCard } from './SignedInCard';
import { SignInForm } from './SignInForm';
import { PasskeySignIn } from './PasskeySignIn';
import { PasskeyEnrolment } from './PasskeyEnrolment';

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

type Stage = 'checking' | 'signIn' | 'code' | 'changePassword' | 'enrol' | 'signedIn';

/** Where signing in goes on: the code, a new password, a second factor to set up (in that order), or done. */
const stageOf = (session: Session | null): Stage => {
  if (session === null) return 'signIn';
  if (session.secondFactor === 'pending') return 'code';
  if (session.mustChangePassword) return 'changePassword';
  return session.secondFactor === 'enrol' ? 'enrol' : 'signedIn';
};

const TITLES: Partial<Record<Stage, ConsoleKey>> = {
  code: 'login.codeTitle',
  changePassword: 'login.changeTitle',
  enrol: 'login.enrolTitle',
};

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
    setStage(stageOf(session));
  };
  /** The next step of signing in, or the page the person came from once there is none. */
  const onward = (session: Session) => {
    enter(session);
    if (stageOf(session) === 'signedIn') goOn();
  };
  /** A second factor set up: the session now says so, and signing in goes on. */
  const afterEnrolment = async () => {
    const session = await fetchSession(call);
    if (session) onward(session);
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
              {t(TITLES[stage] ?? 'login.title')}
            </Title>
            <LanguageMenu />
          </Group>
          {stage === 'checking' && <Loader role="status" aria-label={t('console.loading')} />}
          {stage === 'signIn' && (
            <>
              <Text size="sm" c="dimmed">
                {t('login.intro')}
              </Text>
              <PasskeySignIn onSignedIn={onward} />
              <SignInForm onSignedIn={onward} />
            </>
          )}
          {stage === 'code' && <SecondFactorForm onSignedIn={onward} />}
          {stage === 'changePassword' && <PasswordChangeForm onChanged={onward} />}
          {stage === 'enrol' && (
            <>
              <Text size="sm">{t('login.enrolIntro')}</Text>
              <PasskeyEnrolment onDone={afterEnrolment} />
              <TotpEnrolment onDone={() => void afterEnrolment()} />
            </>
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
