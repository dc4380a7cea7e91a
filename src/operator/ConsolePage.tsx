import { Text } from '@mantine/core';
import { AlertsPage } from './alerts/AlertsPage';
import { AuditPage } from './audit/AuditPage';
import { FeedPage } from './feed/FeedPage';
import type { ConsoleRoute } from './consoleRoute';
import { FleetPage } from './fleet/FleetPage';
import { useConsoleT } from './i18n/useConsoleT';
import { ImportPage } from './import/ImportPage';
import { MachinePage } from './machine/MachinePage';
import { PeoplePage } from './people/PeoplePage';
import { RunPage } from './run/RunPage';
import { ServicePage } from './service/ServicePage';
import { TokensPage } from './tokens/TokensPage';
import { SessionsPage } from './sessions/SessionsPage';

/** The console page the address names. */
export function ConsolePage({ route }: { route: ConsoleRoute }) {
  const t = useConsoleT();
  switch (route.page) {
    case 'fleet':
      return <FleetPage />;
    case 'machine':
      return <MachinePage key={route.id} id={route.id} />;
    case 'audit':
      return <AuditPage />;
    case 'feed':
      return <FeedPage />;
    case 'alerts':
      return <AlertsPage />;
    case 'service':
      return <ServicePage />;
    case 'run':
      return <RunPage />;
    case 'import':
      return <ImportPage />;
    case 'people':
      return <PeoplePage />;
    case 'tokens':
      return <TokensPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'unknown':
      return <Text>{t('console.noSuchPage')}</Text>;
  }
}
