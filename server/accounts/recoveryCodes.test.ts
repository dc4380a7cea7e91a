import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, matchingRecoveryHash, newRecoveryCodes, RECOVERY_CODE_COUNT } from './recoveryCodes';

describe('recovery codes', () => {
  it('are ten different codes, stored as salted hashes that do not contain them', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const hashes = codes.map(hashRecoveryCode);
    for (const [i, hash] of hashes.entries()) {
      expect(hash).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
      expect(hash).not.toContain(codes[i]!.replaceAll('-', ''));
    }
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashes[0]);
  });

  it('match their own hash whatever the case, spaces or dashes typed, and no other', () => {
    const codes = newRecoveryCodes();
    const hashes = codes.map(hashRecoveryCode);
    expect(matchingRecoveryHash(codes[3]!, hashes)).toBe(hashes[3]);
    expect(matchingRecoveryHash(` ${codes[3]!.toUpperCase().replaceAll('-', ' ')} `, hashes)).toBe(hashes[3]);
    expect(matchingRecoveryHash(newRecoveryCodes()[0]!, hashes)).toBeNull();
    expect(matchingRecoveryHash('123456', hashes)).toBeNull();
  });
});
