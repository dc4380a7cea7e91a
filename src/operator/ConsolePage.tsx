import { Text } from '@mantine/core';
import type { ConsolePageEntry } from './consolePages';
import type { PathMatch } from './consolePaths';
import { useConsoleT } from './i18n/useConsoleT';
import { useConsoleTitle } from './useConsoleTitle';

/** The registry's page the address names, under its title; a word for an address the console has no page at. */
export function ConsolePage({ match }: { match: PathMatch<ConsolePageEntry> | null }) {
  const t = useConsoleT();
  if (!match) return <Text>{t('console.noSuchPage')}</Text>;
  const { Page, title } = match.page;
  return (
    <>
      {title && <TabTitle text={t(title)} />}
      <Page key={JSON.stringify(match.params)} params={match.params} />
    </>
  );
}

function TabTitle({ text }: { text: string }) {
  const t = useConsoleT();
  useConsoleTitle(text, t('console.title'));
  return null;
}
