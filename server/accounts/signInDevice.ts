import { createHash, randomBytes } from 'node:crypto';

/**
 * A browser a name has signed in from, known by a cookie given at that sign-in (OWASP's "device cookies"): its
 * failures are counted on their own, and a lock that many addresses put on the name does not hold it (decision 0061).
 */

/** A browser not used to sign in for this long is forgotten, and its cookie ends with it. */
export const DEVICE_LIFE_MS = 180 * 24 * 60 * 60 * 1000;

/** 256 bits from the system's CSPRNG, base64url: 43 characters. */
const ID_BYTES = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = (): string => randomBytes(ID_BYTES).toString('base64url');

/** Whether a cookie's value could be a device id at all (else it is not looked up). */
export const looksLikeDeviceId = (value: string): boolean => ID_PATTERN.test(value);

/** What the database keeps of a device id: its SHA-256, so a copy of the database names no browser. */
export const deviceIdHash = (id: string): string => createHash('sha256').update(id).digest('hex');
