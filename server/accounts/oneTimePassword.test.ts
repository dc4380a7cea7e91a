import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password';
import { oneTimePassword } from './oneTimePassword';

describe('a one-time password', () => {
  it('is four groups of five unambiguous characters, different each time', () => {
    const seen = new Set(Array.from({ length: 200 }, oneTimePassword));
    expect(seen.size).toBe(200);
    for (const password of seen) expect(password).toMatch(/^[a-hj-km-np-z2-9]{5}(-[a-hj-km-np-z2-9]{5}){3}$/);
  });

  it("passes the password policy for any person's name", () => {
    expect(newPasswordProblem(oneTimePassword(), 'ann')).toBeNull();
  });
});
