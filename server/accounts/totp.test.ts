import { describe, expect, it } from 'vitest';
import { base32, codeAt, fromBase32, matchingStep, otpauthUri, stepOf } from './totp';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; its codes have 8 digits, of which
// ours are the last 6.
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('one-time codes (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s gives the RFC test vector %s', (seconds, expected) => {
    expect(codeAt(RFC_SECRET, stepOf(new Date(seconds * 1000)))).toBe(expected.slice(-6));
  });

  it('encodes the secret in base32 as RFC 4648 does', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(fromBase32('mzxw 6ytb oi')).toEqual(Buffer.from('foobar'));
    expect(fromBase32(base32(RFC_SECRET))).toEqual(RFC_SECRET);
  });

  it('accepts the code of the step before, now and after, and no other', () => {
    const now = new Date(1_700_000_000_000);
    const step = stepOf(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + offset), now, null)).toBe(step + offset);
    }
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step - 2), now, null)).toBeNull();
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + 2), now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or an earlier one: no replay within its window', () => {
    const now = new Date(1_700_000_000_000);
    const step = stepOf(now);
    const code = codeAt(RFC_SECRET, step);
    expect(matchingStep(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step - 1), now, step - 1)).toBeNull();
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('takes spaces between the digits, and refuses what is not six digits', () => {
    const now = new Date(1_700_000_000_000);
    const code = codeAt(RFC_SECRET, stepOf(now));
    expect(matchingStep(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(stepOf(now));
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(matchingStep(RFC_SECRET, typed, now, null)).toBeNull();
    }
  });

  it('names the issuer and the account in the URI an app reads', () => {
    expect(otpauthUri(RFC_SECRET, 'ann lee', 'RVM console')).toBe(
      'otpauth://totp/RVM%20console:ann%20lee?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=RVM+console' +
        '&algorithm=SHA1&digits=6&period=30',
    );
  });
});
