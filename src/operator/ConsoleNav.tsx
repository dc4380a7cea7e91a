import { Button, Divider, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { navigateAtom } from '../router/routeAtom';
import { loginPathFor } from '../router/loginPath';
import type { ConsoleRoute } from './consoleRoute';
import {
  alertsPath,
  auditPath,
  feedPath,
  fleetPath,
  importPath,
  peoplePath,
  publicMapPath,
  runPath,
  servicePath,
  sessionsPath,
  tokensPath,
} from './consoleRoute';
import { ConsoleLink } from './ConsoleLink';
import { LanguageMenu } from './i18n/LanguageMenu';
import { useConsoleT } from './i18n/useConsoleT';
import { signOut } from './session/authCalls';
import { useConsoleCall } from './session/ConsoleApi';
import { sessionAtom } from './session/sessionAtoms';

const ROLE_KEYS = {
  admin: 'console.roleAdmin',
  operator: 'console.roleOperator',
  viewer: 'console.roleViewer',
} as const;

/** The console's pages, who is signed in, the language, and sign-out. */
export function ConsoleNav({ page, onFollow }: { page: ConsoleRoute['page']; onFollow: () => void }) {
  const t = useConsoleT();
  const tPublic = useT();
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const navigate = useSetAtom(navigateAtom);
  const call = useConsoleCall();
  const [busy, setBusy] = useState(false);
  const links = [
    { to: fleetPath(), label: t('console.fleet'), current: page === 'fleet' || page === 'machine' },
    { to: auditPath(), label: t('console.audit'), current: page === 'audit' },
    { to: feedPath(), label: t('console.feed'), current: page === 'feed' },
    { to: alertsPath(), label: t('console.alerts'), current: page === 'alerts' },
    { to: servicePath(), label: t('service.nav'), current: page === 'service' },
    { to: runPath(), label: t('run.nav'), current: page === 'run' },
    { to: importPath(), label: t('console.import'), current: page === 'import' },
    // Admins only: the server refuses anyone else all the same.
    ...(session?.role === 'admin'
      ? [
          { to: peoplePath(), label: t('people.nav'), current: page === 'people' },
          { to: tokensPath(), label: t('tokens.nav'), current: page === 'tokens' },
        ]
      : []),
    { to: sessionsPath(), label: t('sessions.nav'), current: page === 'sessions' },
  ];
  return (
    <Stack justify="space-between" h="100%">
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              component={ConsoleLink}
              to={link.to}
              onFollow={onFollow}
              label={link.label}
              active={link.current}
              aria-current={link.current ? 'page' : undefined}
            />
          </li>
        ))}
        <li>
          <NavLink href={publicMapPath(window.location.search)} label={t('console.publicMap')} />
        </li>
      </Stack>
      {session && (
        <Stack gap="xs">
          <Divider />
          <Text size="sm" fw={600}>
            {t('console.person', { name: session.name })}
          </Text>
          <Text size="sm" c="dimmed">
            {t(ROLE_KEYS[session.role])}
          </Text>
          <Text size="sm" c="dimmed">
            {session.districts.length === 0
              ? t('console.allDistricts')
              : t('console.districts', {
                  districts: session.districts.map((d) => tPublic(`district.${d}`)).join(', '),
                })}
          </Text>
          <LanguageMenu />
          <Button
            variant="default"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              const ended = await signOut(call);
              setBusy(false);
              if (!ended) return;
              setSession(null);
              const { search } = window.location;
              navigate({ path: loginPathFor(fleetPath(), search), replace: false, keepQuery: false });
            }}
          >
            {t('console.signOut')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
