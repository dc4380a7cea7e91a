import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import type { ReceiverGuard } from '../alerting/receiverGuard';
import type { SignInGate } from '../auth/signIn';
import type { Sessions } from '../auth/sessions';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import type { FeedStatus } from '../feed/follower';
import type { FeedFollower } from '../feed/follower';
import type { ListBody } from '../http/listBody';
import type { ImportSlots } from '../importing/importSlots';
import type { MachineBus } from '../live/bus';
import type { Access } from '../security/access';
import { aboutRoutes } from './about';
import { alertRuleRoutes } from './alertRules';
import { alertRoutes } from './alerts';
import { apiTokenRoutes } from './apiTokens';
import { auditRoutes } from './audit';
import { auditCsvRoutes } from './auditCsv';
import { changePasswordRoutes } from './changePassword';
import { eventRoutes, type EventStreamOptions } from './events';
import { exportMachinesRoutes } from './exportMachines';
import { feedReviewRoutes } from './feedReview';
import { feedStatusRoutes } from './feedStatus';
import { fileRoutes } from './file';
import { healthRoutes } from './health';
import { historyRoutes } from './history';
import { importRoutes } from './importMachines';
import { metricsRoutes, type MetricsText } from './metrics';
import { openApiRoutes } from './openApi';
import { openReportRoutes } from './openReports';
import { operatorRoutes } from './operator';
import { operatorMachineRoutes } from './operatorMachine';
import { operatorMachinesRoutes } from './operatorMachines';
import { ownSessionRoutes } from './ownSessions';
import { peopleRoutes } from './people';
import { probeRoutes } from './probes';
import { problemReportRoutes } from './problemReports';
import { ANYONE, group, may, personMay, type RouteGroup } from './route';
import { rvmRoutes } from './rvm';
import { sessionRoutes } from './session';
import { signInRoutes } from './signIn';
import { signOutRoutes } from './signOut';
import { uploadRoutes } from './upload';
import { webhookRoutes } from './webhooks';

/** What the handler modules are made with; each takes the part it needs. */
export interface RouteDeps {
  app: FastifyInstance;
  config: ServerConfig;
  engine: Engine;
  access: Access;
  sessions: Sessions;
  gate: SignInGate;
  clock: Clock;
  bus: MachineBus;
  /** The list call's body, built again when the machines have changed. */
  currentList: () => Promise<ListBody>;
  /** The last list body built, or null before the first. */
  lastList: () => Promise<ListBody> | null;
  follower: FeedFollower | null;
  feedStatus: (() => FeedStatus) | null;
  metrics: MetricsText;
  receivers: ReceiverGuard;
  eventStreams: EventStreamOptions;
  importMaxBytes?: number;
  importSlots?: ImportSlots;
}

/** The live stream and its check; tests/server/eventApp.ts runs it alone. */
export const EVENT_ROUTES = group(eventRoutes, {
  stream: { method: 'GET', url: '/api/events', access: ANYONE },
  check: { method: 'HEAD', url: '/api/events', access: ANYONE },
});

/** An operator's change of a machine. */
export const OPERATOR_ROUTES = group(operatorRoutes, {
  change: { method: 'PATCH', url: '/api/operator/machines/:id', access: may('changeMachines') },
});

const PEOPLE = '/api/operator/people';
const RULES = '/api/operator/alert-rules';
const WEBHOOKS = '/api/operator/webhooks';
const HOLDS = '/api/operator/feed/holds';

/**
 * Every route of the API: its method, where it answers, its handler module and who may call it (decision 0066).
 * `may(permission)` is checked before the body is read (security/routeAccess.ts); ANYONE's handler checks what it
 * needs itself (a session to sign out, a person to change a password). Any other method on these paths is a 405.
 */
export const ROUTE_TABLE: readonly RouteGroup<RouteDeps>[] = [
  // The public page's calls.
  group(rvmRoutes, { list: { method: 'POST', url: ['/api/rvm/', '/api/rvm'], access: ANYONE } }),
  group(historyRoutes, { history: { method: 'GET', url: '/api/rvm/:id/history', access: ANYONE } }),
  group(fileRoutes, { photo: { method: 'GET', url: '/api/file/:id', access: ANYONE } }),
  group(feedStatusRoutes, { status: { method: 'POST', url: ['/api/feed/', '/api/feed'], access: ANYONE } }),
  group(problemReportRoutes, {
    challenge: { method: 'GET', url: '/api/reports/challenge', access: ANYONE },
    report: { method: 'POST', url: '/api/reports', access: ANYONE },
  }),
  EVENT_ROUTES,
  group(healthRoutes, { health: { method: 'GET', url: '/api/health', access: ANYONE } }),
  group(probeRoutes, {
    live: { method: 'GET', url: '/api/health/live', access: ANYONE },
    ready: { method: 'GET', url: '/api/health/ready', access: ANYONE },
  }),
  group(openApiRoutes, { document: { method: 'GET', url: '/api/openapi.json', access: ANYONE } }),
  group(metricsRoutes, { metrics: { method: 'GET', url: '/api/metrics', access: may('readMetrics') } }),

  // Signing in, and a person's own session.
  group(signInRoutes, { signIn: { method: 'POST', url: '/api/auth/login', access: ANYONE } }),
  group(signOutRoutes, { signOut: { method: 'POST', url: '/api/auth/logout', access: ANYONE } }),
  group(sessionRoutes, { session: { method: 'POST', url: '/api/auth/session', access: ANYONE } }),
  group(changePasswordRoutes, { changePassword: { method: 'POST', url: '/api/auth/password', access: ANYONE } }),
  group(ownSessionRoutes, {
    list: { method: 'GET', url: '/api/auth/sessions', access: may('readConsole') },
    endOthers: { method: 'DELETE', url: '/api/auth/sessions', access: may('readConsole') },
    endOne: { method: 'DELETE', url: '/api/auth/sessions/:handle', access: may('readConsole') },
  }),

  // The console: machines, photos, imports, the audit.
  group(operatorMachinesRoutes, { list: { method: 'GET', url: '/api/operator/machines', access: may('readConsole') } }),
  group(operatorMachineRoutes, {
    machine: { method: 'GET', url: '/api/operator/machines/:id', access: may('readConsole') },
  }),
  OPERATOR_ROUTES,
  group(exportMachinesRoutes, {
    csv: { method: 'GET', url: '/api/operator/machines.csv', access: may('readConsole') },
  }),
  group(uploadRoutes, { upload: { method: 'POST', url: '/api/upload', access: may('uploadPhotos') } }),
  group(importRoutes, {
    preview: { method: 'POST', url: '/api/operator/import/preview', access: may('changeMachines') },
    apply: { method: 'POST', url: '/api/operator/import', access: may('changeMachines') },
  }),
  group(openReportRoutes, { list: { method: 'GET', url: '/api/operator/reports', access: may('readConsole') } }),
  group(auditRoutes, { audit: { method: 'GET', url: '/api/operator/audit', access: may('readConsole') } }),
  group(auditCsvRoutes, { csv: { method: 'GET', url: '/api/operator/audit.csv', access: may('readConsole') } }),
  group(aboutRoutes, { about: { method: 'GET', url: '/api/operator/about', access: may('readMetrics') } }),

  // Alerts and webhooks.
  group(alertRuleRoutes, {
    list: { method: 'GET', url: RULES, access: may('manageAlerts') },
    create: { method: 'POST', url: RULES, access: may('manageAlerts') },
    update: { method: 'PATCH', url: `${RULES}/:id`, access: may('manageAlerts') },
    remove: { method: 'DELETE', url: `${RULES}/:id`, access: may('manageAlerts') },
  }),
  group(alertRoutes, {
    open: { method: 'GET', url: '/api/operator/alerts', access: may('readConsole') },
    history: { method: 'GET', url: '/api/operator/alerts/history', access: may('readConsole') },
  }),
  group(webhookRoutes, {
    list: { method: 'GET', url: WEBHOOKS, access: may('manageAlerts') },
    create: { method: 'POST', url: WEBHOOKS, access: may('manageAlerts') },
    update: { method: 'PATCH', url: `${WEBHOOKS}/:id`, access: may('manageAlerts') },
    remove: { method: 'DELETE', url: `${WEBHOOKS}/:id`, access: may('manageAlerts') },
    deliveries: { method: 'GET', url: `${WEBHOOKS}/:id/deliveries`, access: may('manageAlerts') },
  }),

  // The feed's review.
  group(feedReviewRoutes, {
    review: { method: 'GET', url: '/api/operator/feed', access: may('readConsole') },
    confirm: { method: 'POST', url: `${HOLDS}/:id/confirm`, access: may('decideFeedHolds') },
    reject: { method: 'POST', url: `${HOLDS}/:id/reject`, access: may('decideFeedHolds') },
  }),

  // People and API tokens: admins signed in, never a token.
  group(peopleRoutes, {
    list: { method: 'GET', url: PEOPLE, access: personMay('managePeople') },
    add: { method: 'POST', url: PEOPLE, access: personMay('managePeople') },
    change: { method: 'PATCH', url: `${PEOPLE}/:name`, access: personMay('managePeople') },
    resetPassword: { method: 'POST', url: `${PEOPLE}/:name/password`, access: personMay('managePeople') },
    unlock: { method: 'POST', url: `${PEOPLE}/:name/unlock`, access: personMay('managePeople') },
    changes: { method: 'GET', url: '/api/operator/access-audit', access: personMay('managePeople') },
  }),
  group(apiTokenRoutes, {
    list: { method: 'GET', url: '/api/operator/tokens', access: personMay('managePeople') },
    create: { method: 'POST', url: '/api/operator/tokens', access: personMay('managePeople') },
    revoke: { method: 'DELETE', url: '/api/operator/tokens/:id', access: personMay('managePeople') },
  }),
];
