import path from 'node:path';
import { ConfigError } from './config/configError';
import { readVariables } from './config/variable';
import type { LogLevel, TrustProxy } from './config/values';
import { MS_PER_MINUTE, VARIABLES } from './config/variables';

export { ConfigError } from './config/configError';
export type { LogLevel, TrustProxy } from './config/values';
export { readOrigins } from './config/values';
export { DEFAULT_MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_IN_ALL, UPLOAD_MAX_BYTES, VARIABLES } from './config/variables';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024; // 1 MiB
const UPLOAD_RATE_LIMIT_PER_MINUTE = 30;
/** How long one answer of the feed (a list or a photo) may take. */
const UPSTREAM_TIMEOUT_MS = 30_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

export interface ServerConfig {
  /** 0 = any free port. */
  port: number;
  host: string;
  /** Absolute path of the SQLite file; unused when `databaseUrl` is set. */
  dbPath: string;
  /** PostgreSQL connection URL; null = SQLite at `dbPath`. */
  databaseUrl: string | null;
  /** Connections one instance may hold open to PostgreSQL, besides the one that listens for changes. */
  pgPoolMax: number;
  /** Absolute path of the content-addressed file store. */
  filesDir: string;
  /** Absolute path of the built page (vite `dist`). */
  staticDir: string;
  /** Serve the `.map` files a build made public (as the build was told); otherwise a `.map` is 404. */
  publicSourceMaps: boolean;
  /** Bearer token for operators; null = uploads always refused. */
  adminToken: string | null;
  uploadMaxBytes: number;
  uploadRateLimitPerMinute: number;
  /** Demo data loaded on first start. */
  seedPath: string;
  /** Folder holding the photos the demo rows name. */
  seedPhotosDir: string;
  /** Open event streams one client address may hold; behind a proxy, an address is the proxy's unless trusted. */
  maxStreamsPerAddress: number;
  /** Host origins allowed to frame the page; empty = any origin. */
  embedOrigins: string[];
  /** Kiosk mode (`?kiosk=1`): how often the page reloads machine data. */
  kioskRefreshMs: number;
  /** Kiosk mode: how long without activity before the page returns to its start. */
  kioskIdleMs: number;
  /** Where every kiosk of the deployment stands, [latitude, longitude]; null = not given. */
  kioskHere: [number, number] | null;
  /** How old `last_online` may be before the page stops trusting the machine's status, ms. */
  staleAfterMs: number;
  /** A MapLibre style URL replacing the default Lands Department basemap; null = the default. */
  basemapStyleUrl: string | null;
  /** Extra origins the map may load styles, tiles, sprites and glyphs from (added to the CSP). */
  mapOrigins: string[];
  logLevel: LogLevel;
  /** Which proxies may name the client address in X-Forwarded-For; false = the socket address only. */
  trustProxy: TrustProxy;
  /** Audit entries older than this many days are deleted. */
  auditRetentionDays: number;
  /** The feed's API base (ends in "/"), whose `POST rvm/` and `GET file/:id` the server follows; null = no feed. */
  upstreamUrl: string | null;
  upstreamIntervalMs: number;
  /** How often the instance holding the poller lease evaluates the alert rules, ms. */
  alertIntervalMs: number;
  /** How long one request to the feed may take, ms. */
  upstreamTimeoutMs: number;
  /** A list answer larger than this is refused unread. */
  upstreamMaxBytes: number;
  /** Machine history entries older than this many days are deleted. */
  historyRetentionDays: number;
  /** The benchmark page's build (bench/dist), served at /bench/; null = not served. */
  benchPageDir: string | null;
  /** A console session ends this long after its last request, ms. */
  sessionIdleMs: number;
  /** ... and this long after its sign-in, ms; never shorter than the idle time. */
  sessionAbsoluteMs: number;
  /** Too many failed sign-ins lock the name or the address this long, ms. */
  signInLockMs: number;
  /** A password, code or passkey counts as fresh for admin acts this long, ms. */
  stepUpMs: number;
  /** The key sealing one-time-code secrets, and the one before it during a rotation; null = no one-time codes. */
  factorKey: Buffer | null;
  factorKeyPrevious: Buffer | null;
  /** The origin people open the console at, for passkeys; null = the request's own, for localhost only. */
  publicOrigin: string | null;
  /** Visitors' problem reports older than this many days are deleted. */
  reportKeepDays: number;
  /** Open reports of a machine full, within a reportedFull rule's minutes, that open its alert. */
  reportAlertCount: number;
  /** The API's reference page at /api/docs. */
  apiDocs: boolean;
  /**
   * Internal networks webhooks may nevertheless reach: IP addresses and CIDR ranges;
   * empty = public addresses only (decision 0060).
   */
  webhookAllowNetworks: string[];
}

/** The server's settings from the environment (config/variables.ts declares each variable). */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): ServerConfig {
  const { staleAfterMin, upstreamIntervalS, alertIntervalS, signInLockSeconds, benchPage, ...read } = readVariables(
    VARIABLES,
    env,
    cwd,
  );
  const { sessionIdleMin, sessionMaxHours, basemapStyleUrl, mapOrigins, stepUpMin, ...plain } = read;
  return {
    ...plain,
    uploadRateLimitPerMinute: UPLOAD_RATE_LIMIT_PER_MINUTE,
    staleAfterMs: staleAfterMin * MS_PER_MINUTE,
    basemapStyleUrl,
    mapOrigins: withStyleOrigin(basemapStyleUrl, mapOrigins),
    upstreamIntervalMs: upstreamIntervalS * 1000,
    alertIntervalMs: alertIntervalS * 1000,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    benchPageDir: benchPage ? path.resolve(cwd, 'bench/dist') : null,
    ...sessionTimes(sessionIdleMin, sessionMaxHours),
    signInLockMs: signInLockSeconds * 1000,
    stepUpMs: stepUpMin * MS_PER_MINUTE,
  };
}

function sessionTimes(idleMin: number, maxHours: number) {
  if (idleMin > maxHours * 60) {
    const { sessionIdleMin: idle, sessionMaxHours: max } = VARIABLES;
    throw new ConfigError(
      `${idle.name} (${idleMin} minutes) is longer than ${max.name} (${maxHours} hours): a session would never be idle long enough to end`,
    );
  }
  return { sessionIdleMs: idleMin * MS_PER_MINUTE, sessionAbsoluteMs: maxHours * MS_PER_HOUR };
}

/** A style on another host adds its origin to the map's by itself. */
function withStyleOrigin(style: string | null, origins: string[]): string[] {
  if (!style?.match(/^https?:/i)) return origins;
  const origin = new URL(style).origin;
  return origins.includes(origin) ? origins : [...origins, origin];
}
