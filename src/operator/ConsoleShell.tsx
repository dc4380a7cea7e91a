import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { MessageBar } from '../messages/MessageBar';
import { locationAtom } from '../router/routeAtom';
import { ConsolePage } from './ConsolePage';
import { ConsoleNav } from './ConsoleNav';
import { useConsoleT } from './i18n/useConsoleT';
import { CONSOLE_PAGES } from './consolePages';
import { matchConsolePath } from './consolePaths';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import classes from './ConsoleShell.module.css';

/** The console's frame: a header, the navigation (a drawer on a phone), the page, the message bar. */
export function ConsoleShell() {
  const t = useConsoleT();
  const [open, { toggle, close }] = useDisclosure(false);
  const { pathname } = useAtomValue(locationAtom);
  const match = useMemo(() => matchConsolePath(pathname, CONSOLE_PAGES), [pathname]);
  const mainRef = useFocusOnNavigation(JSON.stringify([match?.page.path, match?.params]));
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !open } }}
      padding="md"
    >
      <a className={classes.skip} href="#console-main">
        {t('console.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={open}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={open ? t('console.closeMenu') : t('console.openMenu')}
            aria-expanded={open}
          />
          <Title order={1} size="h4">
            {t('console.title')}
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={t('console.navigation')} style={{ overflowY: 'auto' }}>
        <ConsoleNav shown={match?.page ?? null} onFollow={close} />
      </AppShell.Navbar>
      <AppShell.Main ref={mainRef} id="console-main" tabIndex={-1} className={classes.main}>
        <ConsolePage match={match} />
      </AppShell.Main>
      <MessageBar />
    </AppShell>
  );
}
