import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_KIOSK_IDLE_MS,
  DEFAULT_KIOSK_REFRESH_MS,
  DEFAULT_STALE_AFTER_MS,
  MAX_KIOSK_INTERVAL_MS,
  MAX_STALE_AFTER_MS,
  MIN_KIOSK_INTERVAL_MS,
  MIN_STALE_AFTER_MS,
  MIN_FEED_INTERVAL_MS,
} from '../shared/deploymentDefaults';
import { readPlace } from '../shared/kioskPlace';

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '0.0.0.0';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024; // 5 MiB
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024; // 1 MiB
export const UPLOAD_RATE_LIMIT_PER_MINUTE = 30;
/** Open event streams one client address may hold (RVM_MAX_STREAMS_PER_ADDRESS); the server holds 5,000 in all. */
export const DEFAULT_MAX_STREAMS_PER_ADDRESS = 50;
export const MAX_STREAMS_IN_ALL = 5_000;
/** An operator token shorter than this is refused at start-up: it could be guessed. */
export const ADMIN_TOKEN_MIN_LENGTH = 16;
/** A machine's last report older than this makes its status untrusted on the page (RVM_STALE_AFTER_MIN); the page's limits, in minutes. */
const MS_PER_MINUTE = 60_000;
export const DEFAULT_STALE_AFTER_MIN = DEFAULT_STALE_AFTER_MS / MS_PER_MINUTE;
export const MIN_STALE_AFTER_MIN = MIN_STALE_AFTER_MS / MS_PER_MINUTE;
export const MAX_STALE_AFTER_MIN = MAX_STALE_AFTER_MS / MS_PER_MINUTE;
/** How long the audit (status updates and imports) keeps an entry (RVM_AUDIT_RETENTION_DAYS), days. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
const MAX_AUDIT_RETENTION_DAYS = 36_500; // 100 years
/** Connections one instance keeps to PostgreSQL at most (RVM_PG_POOL_MAX), plus one for LISTEN. */
export const DEFAULT_PG_POOL_MAX = 10;
/** Following an upstream feed (RVM_UPSTREAM_URL): how often to ask it, seconds. */
export const DEFAULT_UPSTREAM_INTERVAL_S = 60;
export const MIN_UPSTREAM_INTERVAL_S = MIN_FEED_INTERVAL_MS / 1000;
const MAX_UPSTREAM_INTERVAL_S = 24 * 60 * 60; // 1 day
/** Alert rules are evaluated this often: a rule of N minutes opens within N minutes and 30 s. */
export const DEFAULT_ALERT_INTERVAL_S = 30;
const MIN_ALERT_INTERVAL_S = 5;
const MAX_ALERT_INTERVAL_S = 60 * 60; // 1 hour
/** How long one answer of the feed (a list or a photo) may take. */
export const UPSTREAM_TIMEOUT_MS = 30_000;
/** The largest list answer read from the feed (RVM_UPSTREAM_MAX_BYTES): about 13 000 machines. */
export const DEFAULT_UPSTREAM_MAX_BYTES = 10 * 1024 * 1024; // 10 MiB
/** How long each machine's history is kept (RVM_HISTORY_RETENTION_DAYS), days. */
export const DEFAULT_HISTORY_RETENTION_DAYS = 90;
/**
 * A console session ends this long after its last request (RVM_SESSION_IDLE_MIN) and this long after its sign-in
 * whatever happens (RVM_SESSION_MAX_HOURS): NIST SP 800-63B's figures for AAL2, 30 minutes and 12 hours.
 */
export const DEFAULT_SESSION_IDLE_MIN = 30;
export const MAX_SESSION_IDLE_MIN = 24 * 60;
export const DEFAULT_SESSION_MAX_HOURS = 12;
export const MAX_SESSION_MAX_HOURS = 30 * 24;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
/**
 * How long too many failed sign-ins lock a name or an address (RVM_SIGN_IN_LOCK_SECONDS): 15 minutes, ASVS 2.2.1's
 * pace with five failures a window. A test sets a few seconds to see a lock end.
 */
export const DEFAULT_SIGN_IN_LOCK_SECONDS = 15 * 60;
const MAX_SIGN_IN_LOCK_SECONDS = 24 * 60 * 60;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Fastify's `trustProxy`: whether, or which, proxies in front of the server to believe. */
export type TrustProxy = boolean | string[];
/** proxy-addr's names for the usual private ranges (Fastify passes the list to it). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export interface ServerConfig {
  /** 0 = any free port. */
  port: number;
  host: string;
  /** Absolute path of the SQLite file; unused when `databaseUrl` is set. */
  dbPath: string;
  /** PostgreSQL connection URL (RVM_DATABASE_URL); null = SQLite at `dbPath`. */
  databaseUrl: string | null;
  /** Connections one instance may hold open to PostgreSQL, besides the one that listens for changes. */
  pgPoolMax: number;
  /** Absolute path of the content-addressed file store. */
  filesDir: string;
  /** Absolute path of the built page (vite `dist`). */
  staticDir: string;
  /** Serve the `.map` files a build made public (RVM_SOURCE_MAPS=1, as for the build); otherwise a `.map` is 404. */
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
  /** Where every kiosk of the deployment stands, [latitude, longitude] (RVM_KIOSK_HERE); null = not given. */
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
  /** The benchmark page's build, served at /bench/ (RVM_BENCH_PAGE=1: bench/dist); null = not served. */
  benchPageDir: string | null;
  /** A console session ends this long after its last request, ms. */
  sessionIdleMs: number;
  /** ... and this long after its sign-in, ms; never shorter than the idle time. */
  sessionAbsoluteMs: number;
  /** Too many failed sign-ins lock the name or the address this long, ms. */
  signInLockMs: number;
  /** The API's reference page at /api/docs (RVM_API_DOCS, on unless 0). */
  apiDocs: boolean;
  /**
   * Internal networks webhooks may nevertheless reach (RVM_WEBHOOK_ALLOW_NETWORKS): IP addresses and CIDR ranges;
   * empty = public addresses only (decision 0060).
   */
  webhookAllowNetworks: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** `https://host[:port]`, optionally `https://*.host`; nothing that could break out of a CSP directive. */
const ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const resolve = (value: string | undefined, fallback: string): string =>
    path.resolve(cwd, nonEmpty(value) ?? fallback);

  return {
    port: parseInteger('PORT', env.PORT, DEFAULT_PORT, 0, 65535),
    host: nonEmpty(env.HOST) ?? DEFAULT_HOST,
    dbPath: resolve(env.RVM_DB, 'data/rvm.sqlite'),
    databaseUrl: parseDatabaseUrl(env.RVM_DATABASE_URL),
    pgPoolMax: parseInteger('RVM_PG_POOL_MAX', env.RVM_PG_POOL_MAX, DEFAULT_PG_POOL_MAX, 1, 1000),
    filesDir: resolve(env.RVM_FILES, 'data/files'),
    staticDir: resolve(env.RVM_STATIC, 'dist'),
    publicSourceMaps: parseFlag('RVM_SOURCE_MAPS', env.RVM_SOURCE_MAPS),
    adminToken: parseAdminToken(env.RVM_ADMIN_TOKEN),
    uploadMaxBytes: parseInteger('RVM_UPLOAD_MAX_BYTES', env.RVM_UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES, 1, 1024 ** 3),
    uploadRateLimitPerMinute: UPLOAD_RATE_LIMIT_PER_MINUTE,
    seedPath: resolve(env.RVM_SEED, 'assets/demo/machines.json'),
    seedPhotosDir: resolve(env.RVM_SEED_PHOTOS, 'assets/photos'),
    maxStreamsPerAddress: parseInteger(
      'RVM_MAX_STREAMS_PER_ADDRESS',
      env.RVM_MAX_STREAMS_PER_ADDRESS,
      DEFAULT_MAX_STREAMS_PER_ADDRESS,
      1,
      MAX_STREAMS_IN_ALL,
    ),
    embedOrigins: parseOrigins(env.RVM_EMBED_ORIGINS),
    kioskRefreshMs: parseInterval('RVM_KIOSK_REFRESH_MS', env.RVM_KIOSK_REFRESH_MS, DEFAULT_KIOSK_REFRESH_MS),
    kioskIdleMs: parseInterval('RVM_KIOSK_IDLE_MS', env.RVM_KIOSK_IDLE_MS, DEFAULT_KIOSK_IDLE_MS),
    kioskHere: parseKioskHere(env.RVM_KIOSK_HERE),
    staleAfterMs:
      parseInteger(
        'RVM_STALE_AFTER_MIN',
        env.RVM_STALE_AFTER_MIN,
        DEFAULT_STALE_AFTER_MIN,
        MIN_STALE_AFTER_MIN,
        MAX_STALE_AFTER_MIN,
      ) * MS_PER_MINUTE,
    logLevel: parseLogLevel(env.RVM_LOG_LEVEL),
    trustProxy: parseTrustProxy(env.RVM_TRUST_PROXY),
    auditRetentionDays: parseInteger(
      'RVM_AUDIT_RETENTION_DAYS',
      env.RVM_AUDIT_RETENTION_DAYS,
      DEFAULT_AUDIT_RETENTION_DAYS,
      1,
      MAX_AUDIT_RETENTION_DAYS,
    ),
    ...parseBasemap(env.RVM_BASEMAP_STYLE_URL, env.RVM_MAP_ORIGINS),
    upstreamUrl: parseUpstreamUrl(env.RVM_UPSTREAM_URL),
    upstreamIntervalMs:
      parseInteger(
        'RVM_UPSTREAM_INTERVAL_S',
        env.RVM_UPSTREAM_INTERVAL_S,
        DEFAULT_UPSTREAM_INTERVAL_S,
        MIN_UPSTREAM_INTERVAL_S,
        MAX_UPSTREAM_INTERVAL_S,
      ) * 1000,
    alertIntervalMs:
      parseInteger(
        'RVM_ALERT_INTERVAL_S',
        env.RVM_ALERT_INTERVAL_S,
        DEFAULT_ALERT_INTERVAL_S,
        MIN_ALERT_INTERVAL_S,
        MAX_ALERT_INTERVAL_S,
      ) * 1000,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    upstreamMaxBytes: parseInteger(
      'RVM_UPSTREAM_MAX_BYTES',
      env.RVM_UPSTREAM_MAX_BYTES,
      DEFAULT_UPSTREAM_MAX_BYTES,
      1024,
      1024 ** 3,
    ),
    historyRetentionDays: parseInteger(
      'RVM_HISTORY_RETENTION_DAYS',
      env.RVM_HISTORY_RETENTION_DAYS,
      DEFAULT_HISTORY_RETENTION_DAYS,
      1,
      MAX_AUDIT_RETENTION_DAYS,
    ),
    benchPageDir: parseBenchPage(env.RVM_BENCH_PAGE, cwd),
    ...parseSessionTimes(env.RVM_SESSION_IDLE_MIN, env.RVM_SESSION_MAX_HOURS),
    signInLockMs:
      parseInteger(
        'RVM_SIGN_IN_LOCK_SECONDS',
        env.RVM_SIGN_IN_LOCK_SECONDS,
        DEFAULT_SIGN_IN_LOCK_SECONDS,
        1,
        MAX_SIGN_IN_LOCK_SECONDS,
      ) * 1000,
    apiDocs: parseFlag('RVM_API_DOCS', env.RVM_API_DOCS, true),
    webhookAllowNetworks: parseNetworks(env.RVM_WEBHOOK_ALLOW_NETWORKS),
  };
}

function parseSessionTimes(rawIdle: string | undefined, rawMax: string | undefined) {
  const idleMin = parseInteger('RVM_SESSION_IDLE_MIN', rawIdle, DEFAULT_SESSION_IDLE_MIN, 1, MAX_SESSION_IDLE_MIN);
  const maxHours = parseInteger('RVM_SESSION_MAX_HOURS', rawMax, DEFAULT_SESSION_MAX_HOURS, 1, MAX_SESSION_MAX_HOURS);
  if (idleMin > maxHours * 60) {
    throw new ConfigError(
      `RVM_SESSION_IDLE_MIN (${idleMin} minutes) is longer than RVM_SESSION_MAX_HOURS (${maxHours} hours): a session would never be idle long enough to end`,
    );
  }
  return { sessionIdleMs: idleMin * MS_PER_MINUTE, sessionAbsoluteMs: maxHours * MS_PER_HOUR };
}

/** RVM_BENCH_PAGE=1 serves the benchmark page's build (bench/dist) at /bench/; 0 or unset does not. */
function parseBenchPage(raw: string | undefined, cwd: string): string | null {
  const value = nonEmpty(raw);
  if (value === undefined || value === '0') return null;
  if (value !== '1') throw new ConfigError(`RVM_BENCH_PAGE must be 1 (serve the benchmark page) or 0, got "${value}"`);
  return path.resolve(cwd, 'bench/dist');
}

/** The feed's API base as an absolute http(s) URL ending in "/", so that `rvm/` resolves under it. */
function parseUpstreamUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `RVM_UPSTREAM_URL must be an http(s) URL such as https://feed.example.org/api/, got "${value}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`RVM_UPSTREAM_URL must be an http(s) URL, got "${value}"`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError('RVM_UPSTREAM_URL must not carry a user name or password (fetch refuses them)');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(`RVM_UPSTREAM_URL is the feed's API base: no query or fragment, got "${value}"`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The basemap style and the origins it needs; a style on another host adds its origin by itself. */
function parseBasemap(rawStyle: string | undefined, rawOrigins: string | undefined) {
  const style = nonEmpty(rawStyle) ?? null;
  if (style !== null && !/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/i.test(style)) {
    throw new ConfigError(`RVM_BASEMAP_STYLE_URL must be an http(s) URL or a path on this server, got "${style}"`);
  }
  const origins = parseOrigins(rawOrigins, 'RVM_MAP_ORIGINS');
  if (style?.match(/^https?:/i)) {
    const origin = new URL(style).origin;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { basemapStyleUrl: style, mapOrigins: origins };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = nonEmpty(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  const parsed = Number(value);
  if (parsed < min || parsed > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${parsed}`);
  return parsed;
}

function parseFlag(name: string, raw: string | undefined, fallback = false): boolean {
  const value = nonEmpty(raw) ?? (fallback ? '1' : '0');
  if (value !== '0' && value !== '1') throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
  return value === '1';
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  if (!/^postgres(ql)?:\/\/./i.test(value)) {
    // The value may hold a password: it is not repeated.
    throw new ConfigError('RVM_DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database');
  }
  return value;
}

function parseInterval(name: string, raw: string | undefined, fallback: number): number {
  return parseInteger(name, raw, fallback, MIN_KIOSK_INTERVAL_MS, MAX_KIOSK_INTERVAL_MS);
}

function parseKioskHere(raw: string | undefined): [number, number] | null {
  const value = nonEmpty(raw);
  if (value === undefined) return null;
  const reading = readPlace(value);
  if ('problem' in reading) throw new ConfigError(`RVM_KIOSK_HERE ${reading.problem}, got "${value}"`);
  return reading.place;
}

function parseAdminToken(raw: string | undefined): string | null {
  const token = nonEmpty(raw);
  if (token === undefined) return null;
  if (token.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`RVM_ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters`);
  }
  return token;
}

export function parseOrigins(raw: string | undefined, name = 'RVM_EMBED_ORIGINS'): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    if (!ORIGIN_PATTERN.test(origin)) {
      throw new ConfigError(`${name}: "${origin}" is not an origin like https://example.org`);
    }
  }
  return origins;
}

function parseLogLevel(raw: string | undefined): LogLevel {
  const value = nonEmpty(raw) ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`RVM_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return value as LogLevel;
}

function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = nonEmpty(raw) ?? 'false';
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    // Fastify 5 takes a hop count but trusts nothing with it: it cannot tell a proxy from a direct client.
    throw new ConfigError(
      `RVM_TRUST_PROXY: a number of hops is not supported (Fastify ignores it); list the proxies' addresses instead, e.g. 10.0.0.1 or 10.0.0.0/8`,
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `RVM_TRUST_PROXY must be true, false or a comma list of IP addresses and CIDR ranges (e.g. 10.0.0.0/8); "${bad}" is none of these`,
    );
  }
  return entries;
}

function parseNetworks(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `RVM_WEBHOOK_ALLOW_NETWORKS must be a comma list of IP addresses and CIDR ranges (e.g. 10.20.0.0/16,fd00:1::/48); "${bad}" is neither`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
