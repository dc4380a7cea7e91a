import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <expected>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function bearerMatches(header: string | undefined, expected: string | null): boolean {
  if (!expected || !header) return false;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(expected));
}
