import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { MessageBar } from '../messages/MessageBar';
import { ConsolePage } from './ConsolePage';
import { ConsoleNav } from './ConsoleNav';
import { useConsoleT } from './i18n/useConsoleT';
import { consoleRouteAtom } from './consoleRouteAtom';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import classes from './ConsoleShell.module.css';

/** The console's frame: a header, the navigation (a drawer on a phone), the page, the message bar. */
export function ConsoleShell() {
  const t = useConsoleT();
  const [open, { toggle, close }] = useDisclosure(false);
  const route = useAtomValue(consoleRouteAtom);
  const mainRef = useFocusOnNavigation(JSON.stringify(route));
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
      <AppShell.Navbar p="md" aria-label={t('console.navigation')}>
        <ConsoleNav page={route.page} onFollow={close} />
      </AppShell.Navbar>
      <AppShell.Main ref={mainRef} id="console-main" tabIndex={-1} className={classes.main}>
        <ConsolePage route={route} />
      </AppShell.Main>
      <MessageBar />
    </AppShell>
  );
}
