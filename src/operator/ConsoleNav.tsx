import { Button, Divider, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { navigateAtom } from '../router/routeAtom';
import { loginPathFor } from '../router/loginPath';
import { CONSOLE_PAGES, type ConsolePageEntry } from './consolePages';
import { consolePath, fleetPath, publicMapPath } from './consolePaths';
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

/** Whether the link to `entry` is the current one: its page is shown, or a page reached from it. */
const isCurrent = (entry: ConsolePageEntry, shown: ConsolePageEntry | null): boolean =>
  shown !== null && (shown === entry || (typeof shown.nav === 'object' && shown.nav.under === entry.path));

/** The console's pages (those of the person's role), who is signed in, the language, and sign-out. */
export function ConsoleNav({ shown, onFollow }: { shown: ConsolePageEntry | null; onFollow: () => void }) {
  const t = useConsoleT();
  const tPublic = useT();
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const navigate = useSetAtom(navigateAtom);
  const call = useConsoleCall();
  const [busy, setBusy] = useState(false);
  const links = CONSOLE_PAGES.flatMap((entry) =>
    typeof entry.nav === 'string' && session !== null && entry.roles.includes(session.role)
      ? [{ to: consolePath(entry.path), label: t(entry.nav), current: isCurrent(entry, shown) }]
      : [],
  );
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
