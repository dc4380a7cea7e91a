import { describe, expect, it } from 'vitest';
import {
  hashesMatch,
  looksLikeTokenSecret,
  newTokenSecret,
  tokenExpiry,
  tokenHint,
  tokenSecretHash,
  tokenState,
  shouldRecordUse,
} from './apiToken';

const NOW = new Date('2026-11-28T08:00:00.000Z');

describe('a token secret', () => {
  it('is rvm_ and 43 base64url characters, new each time, and recognised as one', () => {
    const a = newTokenSecret();
    const b = newTokenSecret();
    expect(a).toMatch(/^rvm_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(looksLikeTokenSecret(a)).toBe(true);
    expect(tokenHint(a)).toBe(a.slice(0, 8));
  });

  it('is not recognised when it is the wrong shape', () => {
    for (const value of [
      '',
      'rvm_',
      'rvm_short',
      `xyz_${'a'.repeat(43)}`,
      `rvm_${'a'.repeat(44)}`,
      `rvm_${'!'.repeat(43)}`,
    ]) {
      expect(looksLikeTokenSecret(value), value).toBe(false);
    }
  });

  it('is stored as its SHA-256, matched only by the same secret', () => {
    const secret = newTokenSecret();
    const hash = tokenSecretHash(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashesMatch(hash, tokenSecretHash(secret))).toBe(true);
    expect(hashesMatch(hash, tokenSecretHash(newTokenSecret()))).toBe(false);
    expect(hashesMatch(hash, 'abcd')).toBe(false);
  });
});

describe("a token's state", () => {
  it('is active before its expiry, expired at it, and revoked whatever its expiry', () => {
    expect(tokenState({ expiresAt: '2026-11-28T08:00:01.000Z', revokedAt: null }, NOW)).toBe('active');
    expect(tokenState({ expiresAt: '2026-11-28T08:00:00.000Z', revokedAt: null }, NOW)).toBe('expired');
    expect(tokenState({ expiresAt: '2027-01-01T00:00:00.000Z', revokedAt: '2026-11-27T00:00:00.000Z' }, NOW)).toBe(
      'revoked',
    );
  });

  it('expires 90 days after it is made unless told otherwise', () => {
    expect(tokenExpiry(NOW)).toBe('2027-02-26T08:00:00.000Z');
    expect(tokenExpiry(NOW, 1)).toBe('2026-11-29T08:00:00.000Z');
  });
});

describe("a token's last use", () => {
  it('is written the first time, then at most once a minute', () => {
    expect(shouldRecordUse(null, NOW)).toBe(true);
    expect(shouldRecordUse('2026-11-28T07:59:00.001Z', NOW)).toBe(false);
    expect(shouldRecordUse('2026-11-28T07:59:00.000Z', NOW)).toBe(true);
  });
});
