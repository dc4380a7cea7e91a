import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { readCommandLine, type CommandDescription } from './cli/commandLine';
import { loadConfig, type ServerConfig } from './config';
import { startAuditPruning } from './retention/auditRetention';
import { openEngine } from './db/openEngine';
import { seedIfFirstStart } from './importing/seed';
import { sweepStaleTempFiles } from './db/sqlite/sweepTempFiles';

/** Requests still running after this long on shutdown are abandoned. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A PostgreSQL server still starting (a compose stack, a pod's neighbour) is waited for this long at start. */
const DATABASE_WAIT_MS = 60_000;
/** The errors of a database server not reachable yet: refused, not in DNS yet, starting up, or silent. */
const NOT_UP_YET = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);
const notUpYet = (error: unknown): boolean =>
  NOT_UP_YET.has(String((error as { code?: unknown } | null)?.code)) ||
  /timeout exceeded when trying to connect|Connection terminated/i.test(error instanceof Error ? error.message : '');

const displayHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

const COMMAND = {
  invocation: 'npm start --',
  argumentsText: '',
  positionals: { min: 0, max: 0 },
  summary:
    'Serves the page and its API on PORT (8080), from SQLite (RVM_DB) or PostgreSQL (RVM_DATABASE_URL). A first\n' +
    'start creates and seeds the database. SIGTERM or SIGINT stops it: requests in flight finish (up to 10 s).\n' +
    'Every setting is an environment variable: docs/configuration.md.',
  environment: [
    'PORT, HOST  where to listen (8080, 0.0.0.0)',
    'RVM_DB  the SQLite file (default data/rvm.sqlite)',
    'RVM_DATABASE_URL  postgres://…: PostgreSQL instead, for several instances',
    'RVM_ADMIN_TOKEN  the operator bearer token (uploads, operator API, metrics)',
    'RVM_UPSTREAM_URL  the operator feed to follow',
  ],
  exitCodes: ['0  stopped by a signal', '1  could not start (the reason on stderr)', '2  wrong usage'],
} as const satisfies CommandDescription;

async function main(): Promise<void> {
  const commandLine = readCommandLine(COMMAND, process.argv.slice(2));
  if (!commandLine.run) process.exit(commandLine.exitCode);
  const config = loadConfig(process.env);
  let warn = (message: string): void => console.error(message);
  const engine = await openEngineWaiting(config, (error) =>
    warn(`a pooled database connection failed (it is replaced): ${error.message}`),
  );
  const app = await buildApp(config, engine);
  warn = (message) => app.log.warn(message);
  if (engine.kind === 'sqlite') {
    const swept = await sweepStaleTempFiles(config.filesDir);
    if (swept.length > 0) app.log.info(`removed ${swept.length} temp file(s) left by interrupted uploads`);
  }

  // A server following a feed starts empty rather than showing the demo machines until the first sync.
  const seed = config.upstreamUrl
    ? ({ status: 'skipped', reason: 'followingFeed' } as const)
    : await seedIfFirstStart(engine, {
        seedPath: config.seedPath,
        photosDir: config.seedPhotosDir,
        maxPhotoBytes: config.uploadMaxBytes,
      });
  if (seed.status === 'seeded') {
    app.log.info(`seeded ${seed.machines} demo machines with ${seed.photos} photos`);
    for (const warning of seed.warnings) app.log.warn(`seed: ${warning}`);
  } else if (seed.reason === 'noSeedFile') {
    app.log.warn(`no demo data at ${config.seedPath}; starting with an empty machine list`);
  }

  const stopPruning = await startAuditPruning(engine, config.auditRetentionDays, (message) => app.log.warn(message));
  app.addHook('onClose', async () => stopPruning());

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    setTimeout(() => {
      console.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => engine.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  // Before listening, so a signal sent the moment the address is printed closes the server cleanly.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  console.log(`RVM locator listening on http://${displayHost(config.host)}:${port}/`);
}

/** openEngine, trying again while a PostgreSQL server is not up yet, for up to DATABASE_WAIT_MS. */
async function openEngineWaiting(
  config: ServerConfig,
  onIdleError: (error: Error) => void,
): ReturnType<typeof openEngine> {
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 5_000)) {
    try {
      return await openEngine(config, 'server', onIdleError);
    } catch (error) {
      if (config.databaseUrl === null || !notUpYet(error) || Date.now() + waitMs > giveUpAt) throw error;
      console.error(`waiting for the database (${error instanceof Error ? error.message : String(error)})`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
