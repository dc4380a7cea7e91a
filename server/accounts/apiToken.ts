import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenState } from '../../shared/access';
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, type ApiToken as ApiTokenAnswer } from '../../shared/contract/apiToken';

/** Every secret begins so: a scanner (or a person) knows one in a log or a paste at a glance. */
export const TOKEN_PREFIX = 'rvm_';
/** 256 bits from the system's CSPRNG, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^rvm_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows to tell tokens apart: the prefix and 4 characters (24 of 256 bits). */
const HINT_LENGTH = TOKEN_PREFIX.length + 4;

export { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS };
/** A token's last use is written at most this often, whatever the rate of its requests. */
export const TOKEN_USE_INTERVAL_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type { TokenState };

/** A named API token as the server keeps it: the contract's, without the state it derives (`tokenState`). */
export type ApiToken = Omit<ApiTokenAnswer, 'state'>;

export type NewApiToken = Omit<ApiToken, 'id' | 'lastUsedAt' | 'revokedAt' | 'revokedBy'>;

export const newTokenSecret = (): string => TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');

/**
 * What the database keeps of a secret: its SHA-256, hex. A fast hash is enough for 256 random bits (no guess list
 * helps), and a slow one (argon2) on every request would let anyone hold the server's cores with made-up tokens.
 */
export const tokenSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const tokenHint = (secret: string): string => secret.slice(0, HINT_LENGTH);

/** Whether a bearer value could be one of these tokens at all (else it is not looked up). */
export const looksLikeTokenSecret = (value: string): boolean => SECRET_PATTERN.test(value);

/** The stored hash and the hash of what was sent, compared in constant time. */
export function hashesMatch(stored: string, sent: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(sent, 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}

export function tokenState(token: Pick<ApiToken, 'expiresAt' | 'revokedAt'>, now: Date): TokenState {
  if (token.revokedAt !== null) return 'revoked';
  return Date.parse(token.expiresAt) <= now.getTime() ? 'expired' : 'active';
}

/** When a token made now for `days` days expires; `days` is 1 to TOKEN_MAX_DAYS (the route's schema checks). */
export const tokenExpiry = (now: Date, days: number = TOKEN_DEFAULT_DAYS): string =>
  new Date(now.getTime() + days * DAY_MS).toISOString();

/** Whether a use at `now` is worth writing: none recorded yet, or the last one a minute or more ago. */
export function shouldRecordUse(lastUsedAt: string | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - Date.parse(lastUsedAt) >= TOKEN_USE_INTERVAL_MS;
}
