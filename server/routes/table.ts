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
import type { SecondFactors } from '../auth/secondFactors';
import type { Passkeys } from '../auth/passkeys';
import type { AllowedEmbedOrigins } from '../security/embedOrigins';
import { aboutRoutes } from './about';
import { alertRuleRoutes } from './alertRules';
import { alertRoutes } from './alerts';
import { apiTokenRoutes } from './apiTokens';
import { auditRoutes } from './audit';
import { auditCsvRoutes } from './auditCsv';
import { changePasswordRoutes } from './changePassword';
import { eventRoutes, type EventStreamOptions } from './events';
import { embedOriginRoutes } from './embedOrigins';
import { exportMachinesRoutes } from './exportMachines';
import { factorPolicyRoutes } from './factorPolicy';
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
import { ownFactorRoutes } from './ownFactors';
import { ownPasskeyRoutes } from './ownPasskeys';
import { passkeySignInRoutes } from './passkeySignIn';
import { ownSessionRoutes } from './ownSessions';
import { peopleRoutes } from './people';
import { probeRoutes } from './probes';
import { problemReportRoutes } from './problemReports';
import { proofRoutes } from './proofs';
import { reportActionRoutes } from './reportActions';
import { ANYONE, group, may, personMay, steppedUp, whileEnrolling, type RouteGroup } from './route';
import { rvmRoutes } from './rvm';
import { serviceRoutes } from './service';
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
  factors: SecondFactors;
  passkeys: Passkeys;
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
  /** The host origins allowed to frame the page: the floor and the console's (decision 0073). */
  embedOrigins: AllowedEmbedOrigins;
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
const FACTORS = '/api/auth/factors';
/** An admin's act on people, tokens or the factor policy: signed in, never a token, with a fresh step-up. */
const ADMIN_ACT = steppedUp(personMay('managePeople'));
/** A change to alert rules or webhooks: a person needs a fresh step-up; a token does not. */
const ALERTS_ACT = steppedUp(may('manageAlerts'));
/** A person's own factors (a token has none: its handler answers 401); answered to a person held at enrolment. */
const OWN_FACTORS = whileEnrolling(may('readConsole'));
const SERVICE = '/api/operator/service';
const EMBED_ORIGINS = '/api/operator/embed-origins';

/**
 * Every route of the API: its method, where it answers, its handler module and who may call it (decision 0066).
 * `may(permission)` is checked before the body is read (security/routeAccess.ts); ANYONE's handler checks what it
 * needs itself (a session to sign out, a person to change a password). `steppedUp` marks an admin act, which a
 * person makes only with a password or code given in the last minutes (decision 0068). Any other method on these
 * paths is a 405.
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
  group(proofRoutes, {
    secondFactor: { method: 'POST', url: '/api/auth/second-factor', access: ANYONE },
    stepUp: { method: 'POST', url: '/api/auth/step-up', access: OWN_FACTORS },
  }),
  group(passkeySignInRoutes, {
    signInOptions: { method: 'POST', url: '/api/auth/passkey/sign-in-options', access: ANYONE },
    signIn: { method: 'POST', url: '/api/auth/passkey/sign-in', access: ANYONE },
    options: { method: 'POST', url: '/api/auth/passkey/options', access: ANYONE },
  }),
  group(ownPasskeyRoutes, {
    registrationOptions: { method: 'POST', url: `${FACTORS}/passkeys/options`, access: steppedUp(OWN_FACTORS) },
    add: { method: 'POST', url: `${FACTORS}/passkeys`, access: OWN_FACTORS },
    rename: { method: 'PATCH', url: `${FACTORS}/passkeys/:id`, access: OWN_FACTORS },
    remove: { method: 'DELETE', url: `${FACTORS}/passkeys/:id`, access: steppedUp(OWN_FACTORS) },
  }),
  group(ownFactorRoutes, {
    list: { method: 'GET', url: FACTORS, access: OWN_FACTORS },
    beginTotp: { method: 'POST', url: `${FACTORS}/totp`, access: steppedUp(OWN_FACTORS) },
    confirmTotp: { method: 'POST', url: `${FACTORS}/totp/confirm`, access: OWN_FACTORS },
    removeTotp: { method: 'DELETE', url: `${FACTORS}/totp`, access: steppedUp(OWN_FACTORS) },
    renewRecoveryCodes: { method: 'POST', url: `${FACTORS}/recovery-codes`, access: steppedUp(OWN_FACTORS) },
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
  // Closing visitors' reports is acting on machines: operators and admins, of their districts (decision 0072).
  group(reportActionRoutes, {
    closed: { method: 'GET', url: '/api/operator/reports/closed', access: may('readConsole') },
    counts: { method: 'GET', url: '/api/operator/reports/counts', access: may('readConsole') },
    closeOne: { method: 'POST', url: '/api/operator/reports/:id/close', access: may('changeMachines') },
    closeMachine: { method: 'POST', url: '/api/operator/machines/:id/reports/close', access: may('changeMachines') },
  }),
  group(auditRoutes, { audit: { method: 'GET', url: '/api/operator/audit', access: may('readConsole') } }),
  group(auditCsvRoutes, { csv: { method: 'GET', url: '/api/operator/audit.csv', access: may('readConsole') } }),
  group(aboutRoutes, { about: { method: 'GET', url: '/api/operator/about', access: may('readMetrics') } }),

  // Alerts and webhooks.
  group(alertRuleRoutes, {
    list: { method: 'GET', url: RULES, access: may('manageAlerts') },
    create: { method: 'POST', url: RULES, access: ALERTS_ACT },
    update: { method: 'PATCH', url: `${RULES}/:id`, access: ALERTS_ACT },
    remove: { method: 'DELETE', url: `${RULES}/:id`, access: ALERTS_ACT },
  }),
  group(alertRoutes, {
    open: { method: 'GET', url: '/api/operator/alerts', access: may('readConsole') },
    history: { method: 'GET', url: '/api/operator/alerts/history', access: may('readConsole') },
  }),
  group(webhookRoutes, {
    list: { method: 'GET', url: WEBHOOKS, access: may('manageAlerts') },
    create: { method: 'POST', url: WEBHOOKS, access: ALERTS_ACT },
    update: { method: 'PATCH', url: `${WEBHOOKS}/:id`, access: ALERTS_ACT },
    remove: { method: 'DELETE', url: `${WEBHOOKS}/:id`, access: ALERTS_ACT },
    deliveries: { method: 'GET', url: `${WEBHOOKS}/:id/deliveries`, access: may('manageAlerts') },
  }),

  // Service levels (docs/operators-service.md).
  group(serviceRoutes, {
    open: { method: 'GET', url: `${SERVICE}/open`, access: may('readConsole') },
    episodes: { method: 'GET', url: `${SERVICE}/episodes`, access: may('readConsole') },
    csv: { method: 'GET', url: `${SERVICE}/episodes.csv`, access: may('readConsole') },
    month: { method: 'GET', url: `${SERVICE}/month`, access: may('readConsole') },
    promise: { method: 'GET', url: `${SERVICE}/promise`, access: may('readConsole') },
    setPromise: { method: 'PATCH', url: `${SERVICE}/promise`, access: ALERTS_ACT },
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
    add: { method: 'POST', url: PEOPLE, access: ADMIN_ACT },
    change: { method: 'PATCH', url: `${PEOPLE}/:name`, access: ADMIN_ACT },
    resetPassword: { method: 'POST', url: `${PEOPLE}/:name/password`, access: ADMIN_ACT },
    unlock: { method: 'POST', url: `${PEOPLE}/:name/unlock`, access: ADMIN_ACT },
    changes: { method: 'GET', url: '/api/operator/access-audit', access: personMay('managePeople') },
  }),
  group(apiTokenRoutes, {
    list: { method: 'GET', url: '/api/operator/tokens', access: personMay('managePeople') },
    create: { method: 'POST', url: '/api/operator/tokens', access: ADMIN_ACT },
    revoke: { method: 'DELETE', url: '/api/operator/tokens/:id', access: ADMIN_ACT },
  }),
  group(factorPolicyRoutes, {
    get: { method: 'GET', url: '/api/operator/factor-policy', access: personMay('managePeople') },
    set: { method: 'PATCH', url: '/api/operator/factor-policy', access: ADMIN_ACT },
    reset: { method: 'POST', url: `${PEOPLE}/:name/factors/reset`, access: ADMIN_ACT },
  }),
  group(embedOriginRoutes, {
    list: { method: 'GET', url: EMBED_ORIGINS, access: personMay('managePeople') },
    add: { method: 'POST', url: EMBED_ORIGINS, access: ADMIN_ACT },
    remove: { method: 'DELETE', url: EMBED_ORIGINS, access: ADMIN_ACT },
  }),
];
