import crypto from 'node:crypto';
import type { ReportChallenge } from '../../shared/contract/problemReport';

/**
 * A proof of work in ALTCHA's shape, served and checked here (no third party). The server picks a number up to
 * MAX_NUMBER and gives its hash with the salt; a browser tries numbers from 0 until one hashes to it (on average
 * MAX_NUMBER / 2 SHA-256 hashes, a fraction of a second), a script sending thousands pays that thousands of times.
 */
export const CHALLENGE_MAX_NUMBER = 20_000;
export const CHALLENGE_LIFE_MS = 10 * 60 * 1000;

const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');
const sign = (key: Buffer, challenge: string): string =>
  crypto.createHmac('sha256', key).update(challenge).digest('hex');

export function makeChallenge(key: Buffer, now: Date, maxNumber = CHALLENGE_MAX_NUMBER): ReportChallenge {
  const expires = Math.floor((now.getTime() + CHALLENGE_LIFE_MS) / 1000);
  const salt = `${crypto.randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256(salt + crypto.randomInt(0, maxNumber + 1));
  return { algorithm: 'SHA-256', salt, challenge, maxNumber, signature: sign(key, challenge) };
}

/** True when the challenge is one this key signed, not expired, and `number` solves it. */
export function challengeSolved(key: Buffer, challenge: ReportChallenge, number: number, now: Date): boolean {
  const expires = /\?expires=(\d{1,12})$/.exec(challenge.salt)?.[1];
  if (expires === undefined || Number(expires) * 1000 <= now.getTime()) return false;
  if (number > challenge.maxNumber) return false;
  const expected = Buffer.from(sign(key, challenge.challenge), 'hex');
  const given = Buffer.from(challenge.signature, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
  return sha256(challenge.salt + number) === challenge.challenge;
}
