import type { ReportChallenge } from './contract/problemReport';

const BATCH = 500;
const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The number that solves a report challenge (server/reports/challenge.ts), found as a browser finds it: SHA-256 of
 * salt + 0, 1, 2… with Web Crypto, a batch of hashes at a time. Null when no number up to maxNumber does.
 */
export async function solveReportChallenge(challenge: ReportChallenge): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.maxNumber; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, challenge.maxNumber - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n))),
    );
    const found = hashes.findIndex((hash) => hex(hash) === challenge.challenge);
    if (found !== -1) return numbers[found]!;
  }
  return null;
}
