import { createHash } from 'node:crypto';

/** Who made a change, without storing the token: the first 8 hex digits of its SHA-256. */
export const tokenFingerprint = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 8);
