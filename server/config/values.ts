import { isIP } from 'node:net';
import { readPlace } from '../../shared/kioskPlace';
import { EMBED_ORIGIN_PATTERN as ORIGIN_PATTERN } from '../../shared/embedOrigin';
import { ConfigError } from './configError';

/** The readers of the variables that are more than a number, a path or a flag; each message names the variable. */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Fastify's `trustProxy`: whether, or which, proxies in front of the server to believe. */
export type TrustProxy = boolean | string[];
/** proxy-addr's names for the usual private ranges (Fastify passes the list to it). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** An operator token shorter than this is refused at start-up: it could be guessed. */
export const ADMIN_TOKEN_MIN_LENGTH = 16;

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function readOrigins(value: string | undefined, name: string): string[] {
  const origins = commaList(value).map((origin) => origin.replace(/\/+$/, ''));
  for (const origin of origins) {
    if (!ORIGIN_PATTERN.test(origin)) {
      throw new ConfigError(`${name}: "${origin}" is not an origin like https://example.org`);
    }
  }
  return origins;
}

/** One origin (`https://host[:port]`, no path, no wildcard): where people reach the console. */
export function readPublicOrigin(value: string, name: string): string {
  const [origin, ...more] = readOrigins(value, name);
  if (origin === undefined || more.length > 0 || origin.includes('*')) {
    throw new ConfigError(`${name}: "${value}" is not one origin like https://rvm.example.org`);
  }
  return origin.toLowerCase();
}

export function readDatabaseUrl(value: string, name: string): string {
  if (!/^postgres(ql)?:\/\/./i.test(value)) {
    // The value may hold a password: it is not repeated.
    throw new ConfigError(`${name} must be a PostgreSQL URL: postgres://user:password@host:port/database`);
  }
  return value;
}

export function readAdminToken(value: string, name: string): string {
  if (value.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`${name} must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters`);
  }
  return value;
}

/** A 256-bit key as 64 hex digits or base64 (44 characters). */
export function readFactorKey(value: string, name: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(trimmed) && key.toString('base64') !== trimmed)) {
    throw new ConfigError(`${name} must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)`);
  }
  return key;
}

export function readKioskHere(value: string, name: string): [number, number] {
  const reading = readPlace(value);
  if ('problem' in reading) throw new ConfigError(`${name} ${reading.problem}, got "${value}"`);
  return reading.place;
}

export function readBasemapStyle(value: string, name: string): string {
  if (!/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/i.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL or a path on this server, got "${value}"`);
  }
  return value;
}

export function readLogLevel(value: string | undefined, name: string): LogLevel {
  const level = value ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`${name} must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return level as LogLevel;
}

export function readTrustProxy(value: string | undefined, name: string): TrustProxy {
  const given = value ?? 'false';
  if (given === 'true' || given === 'false') return given === 'true';
  if (/^\d+$/.test(given)) {
    // Fastify 5 takes a hop count but trusts nothing with it: it cannot tell a proxy from a direct client.
    throw new ConfigError(
      `${name}: a number of hops is not supported (Fastify ignores it); list the proxies' addresses instead, e.g. 10.0.0.1 or 10.0.0.0/8`,
    );
  }
  const entries = commaList(given);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `${name} must be true, false or a comma list of IP addresses and CIDR ranges (e.g. 10.0.0.0/8); "${bad}" is none of these`,
    );
  }
  return entries;
}

export function readNetworks(value: string | undefined, name: string): string[] {
  const entries = commaList(value);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `${name} must be a comma list of IP addresses and CIDR ranges (e.g. 10.20.0.0/16,fd00:1::/48); "${bad}" is neither`,
    );
  }
  return entries;
}

/** The feed's API base as an absolute http(s) URL ending in "/", so that `rvm/` resolves under it. */
export function readUpstreamUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as https://feed.example.org/api/, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(`${name} must not carry a user name or password (fetch refuses them)`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(`${name} is the feed's API base: no query or fragment, got "${value}"`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
