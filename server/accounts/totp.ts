import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One-time codes as RFC 6238 defines them (HMAC-SHA1, 30-second steps, six digits: what every authenticator app
 * reads from an otpauth:// URI), made with node:crypto: the algorithm is a dozen lines, and a dependency would be
 * one more package holding the secrets (decision 0068).
 */

export const STEP_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too: a clock up to 30 s off, a code typed as it turns. */
const DRIFT_STEPS = 1;
/** 160 bits, as RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const newTotpSecret = (): Buffer => randomBytes(SECRET_BYTES);

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 secret, as an app reads them (letters of either case; padding and spaces ignored). */
export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The time step of `at`: how many 30-second steps since 1970. */
export const stepOf = (at: Date): number => Math.floor(at.getTime() / 1000 / STEP_SECONDS);

/** The six-digit code of one step (RFC 4226's HOTP with the step as its counter). */
export function codeAt(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** A code as people type it: six digits, spaces allowed between them. */
export const looksLikeTotpCode = (typed: string): boolean => /^\d{6}$/.test(typed.replace(/\s/g, ''));

/**
 * The step whose code `typed` is, within a step of `now`, and later than `after` (the last step a code was accepted
 * for: a code is accepted once, RFC 6238 section 5.2); null when none.
 */
export function matchingStep(secret: Buffer, typed: string, now: Date, after: number | null): number | null {
  const code = Buffer.from(typed.replace(/\s/g, ''));
  if (!looksLikeTotpCode(typed)) return null;
  const current = stepOf(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (after !== null && step <= after) continue;
    if (timingSafeEqual(Buffer.from(codeAt(secret, step)), code)) return step;
  }
  return null;
}

/** What an authenticator app reads from the QR code (Google's Key URI format, which every app follows). */
export function otpauthUri(secret: Buffer, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32(secret), issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString()}`;
}
