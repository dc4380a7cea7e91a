import { randomUUID } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { normalizePassword } from './password';

/**
 * argon2id with OWASP's Password Storage Cheat Sheet parameters (19 MiB, 2 passes, 1 lane): about 30 ms here. The
 * library runs it on libuv's thread pool, so the event loop goes on meanwhile.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (an ambient const enum: not readable under isolatedModules)
  memoryCost: 19_456, // KiB
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(normalizePassword(password), ARGON2_OPTIONS);

/** Whether `password` is the one `passwordHash` was made from; a malformed hash is false, never a throw. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker parameters than today's: it is replaced at the next sign-in. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== ARGON2_OPTIONS.algorithm ||
      options.memoryCost < ARGON2_OPTIONS.memoryCost ||
      options.timeCost < ARGON2_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

/**
 * A hash of a random password with today's parameters: a sign-in with an unknown name is checked against it, so it
 * takes as long as a wrong password for a real account and the answer's time tells nothing. Made once per server.
 */
export const makeDummyPasswordHash = (): Promise<string> => hash(randomUUID(), ARGON2_OPTIONS);
