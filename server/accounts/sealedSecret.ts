import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A factor's secret as the database keeps it: AES-256-GCM under the deployment's key (RVM_FACTOR_KEY), bound to its
 * account (the account's name is the additional data: a row copied onto another account does not open). A sealed
 * secret names its key by a fingerprint, so during a rotation the previous key (RVM_FACTOR_KEY_PREVIOUS) still
 * opens what it sealed, and each secret is sealed again under the new key at its next use.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

export interface FactorKeys {
  current: Buffer;
  previous: Buffer | null;
}

/** The first 8 hex digits of the key's SHA-256: enough to tell two keys apart, nothing to guess one from. */
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function seal(keys: FactorKeys, account: string, secret: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keys.current, iv).setAAD(Buffer.from(account));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return [VERSION, keyId(keys.current), ...parts].join('.');
}

/** What opening a sealed secret found: the secret, and whether it should be sealed again under the current key. */
export type Opened = { secret: Buffer; stale: boolean } | null;

/** The secret, or null when neither key opens it (a key lost, a row altered or moved to another account). */
export function open(keys: FactorKeys, account: string, sealed: string): Opened {
  const [version, id, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) return null;
  const key = [keys.current, keys.previous].find((candidate) => candidate !== null && keyId(candidate) === id);
  if (!key) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(account));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const secret = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    return { secret, stale: key !== keys.current };
  } catch {
    return null;
  }
}
