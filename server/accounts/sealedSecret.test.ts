import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, open, seal } from './sealedSecret';

const secret = Buffer.from('a secret of twenty b');
const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe('a sealed factor secret', () => {
  it('opens with its key and account, and holds no part of the secret in clear', () => {
    const sealed = seal({ current: keyA, previous: null }, 'ann', secret);
    expect(sealed.startsWith(`v1.${keyId(keyA)}.`)).toBe(true);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(open({ current: keyA, previous: null }, 'ann', sealed)).toEqual({ secret, stale: false });
  });

  it('does not open for another account, another key, or one changed character', () => {
    const sealed = seal({ current: keyA, previous: null }, 'ann', secret);
    expect(open({ current: keyA, previous: null }, 'bob', sealed)).toBeNull();
    expect(open({ current: keyB, previous: null }, 'ann', sealed)).toBeNull();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(open({ current: keyA, previous: null }, 'ann', sealed.slice(0, -1) + last)).toBeNull();
    expect(open({ current: keyA, previous: null }, 'ann', 'not sealed')).toBeNull();
  });

  it('opens with the previous key during a rotation, and says it is stale', () => {
    const sealed = seal({ current: keyA, previous: null }, 'ann', secret);
    expect(open({ current: keyB, previous: keyA }, 'ann', sealed)).toEqual({ secret, stale: true });
  });
});
