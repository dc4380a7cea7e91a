import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <expected>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function bearerMatches(header: string | undefined, expected: string | null): boolean {
  if (!expected || !header) return false;
  const value = bearerValue(header);
  if (value === null) return false;
  return timingSafeEqual(digest(value), digest(expected));
}

/** The credential of an `Authorization: Bearer <value>` header, or null for any other header. */
export function bearerValue(header: string): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
