import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT_BYTES, type ServerConfig } from './config';
import type { Engine } from './db/engine';
import { clientErrorHandler } from './http/clientError';
import { createErrorHandler } from './http/errorHandler';
import { createListBody } from './http/listBody';
import { setNotFoundHandler } from './http/notFound';
import { SCHEMA_VALIDATION } from './http/schemaValidation';
import { SHARED_COMPILERS } from './http/sharedCompilers';
import { registerApiDocs } from './routes/apiDocs';
import { registerBenchPage } from './routes/benchPage';
import { registerExampleRoutes } from './routes/examples';
import { registerApiSchemas } from './routes/apiSchemas';
import { registerOpenApi } from './routes/openApi';
import { registerPage } from './routes/page';
import { registerRuntimeConfigRoute } from './routes/runtimeConfig';
import { addServiceWorkerHeaders } from './routes/serviceWorker';
import { allowCrossOriginPage } from './security/cors';
import { addSecurityHeaders, BASE_SECURITY_HEADERS } from './security/headers';
import { AllowedEmbedOrigins } from './security/embedOrigins';
import { rateLimitKey } from './security/rateLimitKey';
import { MachineBus } from './live/bus';
import { ServerMetrics } from './metrics/serverMetrics';
import { relayOtherProcesses } from './live/relayOtherProcesses';
import { followFeed } from './feed/followFeed';
import { pruneHistoryWhileRunning } from './retention/historyRetention';
import { systemClock, type Clock } from './accounts/clock';
import { watchAlerts, type AlertingOptions } from './alerting/watchAlerts';
import { receiverGuard, type ResolveHost } from './alerting/receiverGuard';
import { makeDummyPasswordHash } from './accounts/passwordHash';
import { Sessions } from './auth/sessions';
import { SIGN_IN_POLICIES, SignInGate } from './auth/signIn';
import { pruneReportsWhileRunning } from './retention/reportRetention';
import { pruneAlertsWhileRunning } from './retention/alertRetention';
import { pruneSessionsWhileRunning } from './retention/sessionRetention';
import type { ImportSlots } from './importing/importSlots';
import { Access } from './security/access';
import { SecondFactors } from './auth/secondFactors';
import { Passkeys } from './auth/passkeys';
import { enforceRouteAccess } from './security/routeAccess';
import { registerRoutes } from './routes/registerRoutes';
import { ROUTE_TABLE } from './routes/table';
import { NamedTokens } from './security/namedTokens';

/** Time to receive a whole request: a 5 MiB upload needs about 44 KB/s to make it. */
export const REQUEST_TIMEOUT_MS = 2 * 60 * 1000; // 2 minutes

export interface AppOptions {
  /** Now, for sessions and sign-in locks: tests move it to see one end. */
  clock?: Clock;
  /**
   * Shorter waits between a webhook's attempts, for tests; false for tests that drive a feed follower by hand beside
   * the app, where the app's own alert lease (it has no feed) would take the poller lease from that follower.
   */
  alerting?: Omit<AlertingOptions, 'clock' | 'receivers'> | false;
  /** The largest file the console's import takes (IMPORT_FILE_MAX_BYTES); tests send a larger one cheaply. */
  importMaxBytes?: number;
  /** How a webhook receiver's host name is resolved (the system's resolver); tests answer names of their own. */
  resolveHost?: ResolveHost;
  /** The imports read at once (IMPORT_SLOTS); tests watch them fill. */
  importSlots?: ImportSlots;
}

/**
 * The whole HTTP server. The caller owns `engine` (opened for a server, so migrated) and closes it after `app.close()`.
 */
export async function buildApp(
  config: ServerConfig,
  engine: Engine,
  { clock = systemClock, alerting = {}, importMaxBytes, resolveHost, importSlots }: AppOptions = {},
): Promise<FastifyInstance> {
  const errorHandler = createErrorHandler((error) => engine.isBusyError(error));
  const app = Fastify({
    // Logs go to stderr: stdout carries only the one "listening" line scripts wait for.
    logger: { level: config.logLevel, stream: process.stderr },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Fastify's default is no limit: a client trickling a body could hold a connection forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: config.trustProxy,
    // Router errors (bad URL encoding, over-long id) get the same `{ success: false, msg }` answer.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply.headers(BASE_SECURITY_HEADERS)),
    clientErrorHandler,
    ajv: SCHEMA_VALIDATION,
    schemaController: { compilersFactory: SHARED_COMPILERS },
  });

  app.setErrorHandler(errorHandler);
  const embedOrigins = new AllowedEmbedOrigins(config.embedOrigins, engine.embedOrigins, (error) =>
    app.log.error({ err: error }, 'the embed origins added in the console cannot be read'),
  );
  addSecurityHeaders(app, () => embedOrigins.current(), config.mapOrigins);
  await allowCrossOriginPage(app);
  acceptEmptyJson(app);
  addServiceWorkerHeaders(app);

  // Who may call what: sessions, named tokens and the operator token. The rate limit asks it whose budget a request
  // spends, so it is made first.
  const sessions = new Sessions(
    engine.sessions,
    { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
    clock,
  );
  const tokens = new NamedTokens(engine.tokens, clock, (error) =>
    app.log.warn({ err: error }, "a token's last use was not recorded"),
  );
  const access = new Access(config.adminToken, sessions, tokens, config.stepUpMs);

  // These plugins hook into routes as they are added, so they must load first.
  await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey(config.adminToken, access) });
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10 } });
  await app.register(fastifyCookie);
  Access.register(app);
  const metrics = new ServerMetrics(app, engine);
  await registerOpenApi(app);
  registerApiSchemas(app);
  if (config.apiDocs) await registerApiDocs(app);

  // The console's people: their sessions, signing in.
  const lockMs = config.signInLockMs;
  const gate = new SignInGate(engine.accounts, engine.sessions, clock, makeDummyPasswordHash(), {
    accountAddress: { ...SIGN_IN_POLICIES.accountAddress, lockMs },
    account: { ...SIGN_IN_POLICIES.account, lockMs },
    device: { ...SIGN_IN_POLICIES.device, lockMs },
    address: { ...SIGN_IN_POLICIES.address, lockMs },
  });
  pruneSessionsWhileRunning(app, engine.sessions, clock);
  const factorKeys = config.factorKey ? { current: config.factorKey, previous: config.factorKeyPrevious } : null;
  const factors = new SecondFactors(engine, gate, factorKeys, clock);
  const passkeys = new Passkeys(engine, gate, clock);

  const list = createListBody(engine, metrics.listBuilt);
  app.addHook('onClose', async () => list.close());
  // Built once the server is ready, so that neither the first visitor nor the first health check waits for it.
  app.addHook('onReady', async () => {
    list.current().catch((error: unknown) => app.log.error({ err: error }, 'the machine list cannot be read'));
  });
  // Live statuses: the operator's update call and the event stream the page listens to share one bus.
  const bus = new MachineBus();
  metrics.watchEventStreams(() => bus.size);
  const receivers = receiverGuard(config.webhookAllowNetworks, resolveHost);
  pruneAlertsWhileRunning(app, engine.alerts, config.auditRetentionDays, clock);
  pruneReportsWhileRunning(app, engine.reports, config.reportKeepDays, clock);
  await relayOtherProcesses(app, engine, bus, () => embedOrigins.forget());
  const follower = followFeed(app, config, engine, bus);
  if (follower) metrics.watchFeed(() => follower.status());
  if (alerting !== false) watchAlerts(app, config, engine, follower, { clock, receivers, ...alerting });
  pruneHistoryWhileRunning(app, engine.feed, config.historyRetentionDays);

  enforceRouteAccess(app, access);
  registerRoutes(app, ROUTE_TABLE, {
    app,
    config,
    engine,
    access,
    sessions,
    gate,
    factors,
    passkeys,
    clock,
    bus,
    currentList: list.current,
    lastList: list.latest,
    follower,
    feedStatus: follower ? () => follower.status() : null,
    metrics,
    receivers,
    eventStreams: { maxStreamsPerAddress: config.maxStreamsPerAddress },
    importMaxBytes,
    importSlots,
    embedOrigins,
  });
  registerRuntimeConfigRoute(app, config, () => embedOrigins.current());
  registerExampleRoutes(app);
  if (config.benchPageDir) await registerBenchPage(app, config.benchPageDir);
  setNotFoundHandler(app, await registerPage(app, config.staticDir, config));
  return app;
}

/** The list call's payload is "empty": a JSON content type with no body must not be a 400. */
function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
