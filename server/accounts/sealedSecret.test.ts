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
    // Not the last character: in base64url it may carry bits the decoder drops, and a change there changes nothing.
    const at = sealed.length - 2;
    const changed = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(open({ current: keyA, previous: null }, 'ann', changed)).toBeNull();
    expect(open({ current: keyA, previous: null }, 'ann', 'not sealed')).toBeNull();
  });

  it('opens with the previous key during a rotation, and says it is stale', () => {
    const sealed = seal({ current: keyA, previous: null }, 'ann', secret);
    expect(open({ current: keyB, previous: keyA }, 'ann', sealed)).toEqual({ secret, stale: true });
  });
});
