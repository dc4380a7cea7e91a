import { describe, expect, it } from 'vitest';
import { commonPasswords } from './commonPasswords';
import { newPasswordProblem } from './password';

describe('commonPasswords', () => {
  it('holds the common passwords the length rule lets through, and no shorter one', async () => {
    const common = await commonPasswords();
    expect(common.size).toBeGreaterThan(250);
    expect(common.has('1qaz2wsx3edc')).toBe(true);
    expect(common.has('qwerty123456')).toBe(true);
    expect(common.has('password')).toBe(false);
    expect(await commonPasswords()).toBe(common);
  });

  it('makes such a password tooCommon, in any case, and leaves a passphrase alone', async () => {
    const common = await commonPasswords();
    expect(newPasswordProblem('QWERTY123456', 'ann', undefined, common)).toEqual({ code: 'tooCommon', params: {} });
    expect(newPasswordProblem('correct horse battery staple', 'ann', undefined, common)).toBeNull();
  });
});
