import { describe, expect, it } from 'vitest';
import { describePasswordProblem, newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';

describe('newPasswordProblem', () => {
  it.each([
    ['twelve characters', 'abcdefghijkl'],
    ['a passphrase with spaces', 'correct horse battery staple'],
    ['any script', '入樽機的密碼很長很長的'.padEnd(12, '機')],
    ['emoji, counted as characters', '😀'.repeat(PASSWORD_MIN_LENGTH)],
    ['the longest allowed', 'x'.repeat(PASSWORD_MAX_LENGTH)],
    ['no composition rule: all lower case', 'aaaaaaaaaaaa'],
  ])('accepts %s', (_name, password) => {
    expect(newPasswordProblem(password, 'ann')).toBeNull();
  });

  it.each([
    ['eleven characters', 'abcdefghijk', { code: 'tooShort', params: { min: 12 } }],
    ['eleven emoji (22 UTF-16 units)', '😀'.repeat(11), { code: 'tooShort', params: { min: 12 } }],
    ['one past the longest', 'x'.repeat(PASSWORD_MAX_LENGTH + 1), { code: 'tooLong', params: { max: 128 } }],
    ['a control character', 'abcdefghijkl\u001b[A', { code: 'notPrintable', params: {} }],
    ['the name itself', 'ann.chan.1234', { code: 'sameAsName', params: {} }],
  ])('refuses %s', (_name, password, problem) => {
    expect(newPasswordProblem(password, 'ann.chan.1234')).toEqual(problem);
  });

  it('refuses the current password, in any Unicode form', () => {
    expect(newPasswordProblem('café au lait!', 'ann', 'cafe\u0301 au lait!')).toEqual({
      code: 'sameAsCurrent',
      params: {},
    });
  });

  it('says each problem in a sentence for the command', () => {
    expect(describePasswordProblem({ code: 'tooShort', params: { min: 12 } })).toBe(
      'a password has at least 12 characters',
    );
  });
});
