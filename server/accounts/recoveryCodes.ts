import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { oneTimePassword } from './oneTimePassword';

/**
 * Ten codes that each stand in for a one-time code once, for a person whose phone is lost. Each is four groups of
 * five unambiguous characters (about 99 bits, accounts/oneTimePassword.ts); the database keeps a random 128-bit
 * salt and the SHA-256 of salt and code (ASVS 2.6.2), never the code.
 */

export const RECOVERY_CODE_COUNT = 10;
const SALT_BYTES = 16;

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, oneTimePassword);

/** A code as people type it: any case, spaces or none between the groups. */
export const normalizeRecoveryCode = (typed: string): string =>
  typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '');

const digest = (salt: string, code: string): string =>
  createHash('sha256')
    .update(`${salt}:${normalizeRecoveryCode(code)}`)
    .digest('hex');

/** `salt$sha256` of one code. */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(SALT_BYTES).toString('hex');
  return `${salt}$${digest(salt, code)}`;
}

/** The stored hash `typed` matches, of those given; null when none. */
export function matchingRecoveryHash(typed: string, hashes: readonly string[]): string | null {
  if (normalizeRecoveryCode(typed).length !== 20) return null;
  for (const stored of hashes) {
    const [salt, hash] = stored.split('$');
    if (salt === undefined || hash === undefined) continue;
    if (timingSafeEqual(Buffer.from(digest(salt, typed)), Buffer.from(hash))) return stored;
  }
  return null;
}
