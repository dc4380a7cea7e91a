import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, makeDummyPasswordHash, needsRehash, passwordMatches } from './passwordHash';

describe('password hashes', () => {
  it('are argon2id with OWASP parameters, salted, and match only their password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
    expect(await passwordMatches(first, 'correct horse battery')).toBe(true);
    expect(await passwordMatches(first, 'correct horse batterY')).toBe(false);
    expect(await passwordMatches(first, '')).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('compare passwords in NFKC: a composed accent or full-width digits are the same password', async () => {
    const stored = await hashPassword('café 123456789');
    expect(await passwordMatches(stored, 'cafe\u0301 １２３456789')).toBe(true);
  });

  it('treat a malformed hash as no match, and as due for a new one', async () => {
    expect(await passwordMatches('not a hash', 'anything at all')).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('are made again when weaker than today', async () => {
    expect(needsRehash(await hash('weak parameters', { memoryCost: 4096, timeCost: 1 }))).toBe(true);
  });

  it('have a dummy no password matches', async () => {
    const dummy = await makeDummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordMatches(dummy, '')).toBe(false);
  });
});
