import type { ComponentType } from 'react';
import { ROLES, type Role } from '../../shared/access';
import { AboutPage } from './about/AboutPage';
import { AlertsPage } from './alerts/AlertsPage';
import { AuditPage } from './audit/AuditPage';
import { ALERTS_PATH, FLEET_PATH, MACHINE_PATH } from './consolePaths';
import { EmbedPage } from './embed/EmbedPage';
import { FeedPage } from './feed/FeedPage';
import { FleetPage } from './fleet/FleetPage';
import type { ConsoleKey } from './i18n/consoleMessages';
import { ImportPage } from './import/ImportPage';
import { MachinePage } from './machine/MachinePage';
import { PeoplePage } from './people/PeoplePage';
import { SecurityPage } from './security/SecurityPage';
import { RunPage } from './run/RunPage';
import { ServicePage } from './service/ServicePage';
import { ReportsPage } from './reports/ReportsPage';
import { SessionsPage } from './sessions/SessionsPage';
import { TokensPage } from './tokens/TokensPage';

/** What the registry hands a page: the values of its path's `:name` segments. */
export interface ConsolePageProps {
  readonly params: Readonly<Record<string, string>>;
}

/** One page of the console. */
export interface ConsolePageEntry {
  /** Its address after /operator ('' is the console's first page); a `:name` segment is handed to the page. */
  readonly path: string;
  /**
   * The page. It comes with the console's one lazy chunk: a chunk per page would move modules the map's first chunk
   * shares with them into chunks of their own, 3 KB more for every visitor (decision 0067).
   */
  readonly Page: ComponentType<ConsolePageProps>;
  /** Its link's label in the navigation; or, for a page reached from another, the path whose link stays current. */
  readonly nav: ConsoleKey | { readonly under: string };
  /** The browser tab's name; none where the page names the tab itself (a machine by its name). */
  readonly title?: ConsoleKey;
  /** Who sees its link; the server answers each call by the caller's role all the same. */
  readonly roles: readonly Role[];
}

const EVERYONE = ROLES;
const ADMINS: readonly Role[] = ['admin'];

/**
 * The console's pages, in the navigation's order: the routes, the navigation, the page shown and the tab's title
 * all come from here. A new page is one entry here, its texts in the locale files and its own folder.
 */
export const CONSOLE_PAGES: readonly ConsolePageEntry[] = [
  { path: FLEET_PATH, Page: FleetPage, nav: 'console.fleet', title: 'fleet.title', roles: EVERYONE },
  {
    path: MACHINE_PATH,
    Page: ({ params }) => <MachinePage id={params.id ?? ''} />,
    nav: { under: FLEET_PATH },
    roles: EVERYONE,
  },
  { path: '/audit', Page: AuditPage, nav: 'console.audit', title: 'audit.title', roles: EVERYONE },
  { path: '/feed', Page: FeedPage, nav: 'console.feed', title: 'feedReview.title', roles: EVERYONE },
  { path: ALERTS_PATH, Page: AlertsPage, nav: 'console.alerts', title: 'alerts.title', roles: EVERYONE },
  { path: '/service', Page: ServicePage, nav: 'service.nav', title: 'service.title', roles: EVERYONE },
  { path: '/run', Page: RunPage, nav: 'run.nav', title: 'run.title', roles: EVERYONE },
  { path: '/reports', Page: ReportsPage, nav: 'reports.nav', title: 'reports.title', roles: EVERYONE },
  { path: '/import', Page: ImportPage, nav: 'console.import', title: 'import.title', roles: EVERYONE },
  { path: '/people', Page: PeoplePage, nav: 'people.nav', title: 'people.title', roles: ADMINS },
  { path: '/tokens', Page: TokensPage, nav: 'tokens.nav', title: 'tokens.title', roles: ADMINS },
  { path: '/embed', Page: EmbedPage, nav: 'embed.nav', title: 'embed.title', roles: ADMINS },
  { path: '/sessions', Page: SessionsPage, nav: 'sessions.nav', title: 'sessions.title', roles: EVERYONE },
  { path: '/security', Page: SecurityPage, nav: 'security.nav', title: 'security.title', roles: EVERYONE },
  { path: '/about', Page: AboutPage, nav: 'about.nav', title: 'about.title', roles: ADMINS },
];
