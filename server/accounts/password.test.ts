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
    ['emoji joined into families (joiners not counted)', '👨\u200D👩\u200D👧'.repeat(4)],
    ['emoji with their presentation selector', '❤\uFE0F'.repeat(PASSWORD_MIN_LENGTH)],
    ['Chinese with ideographic spaces between words', '入樽機　回收　膠樽　鋁罐　好'],
  ])('accepts %s', (_name, password) => {
    expect(newPasswordProblem(password, 'ann')).toBeNull();
  });

  it.each([
    ['eleven characters', 'abcdefghijk', { code: 'tooShort', params: { min: 12 } }],
    ['eleven emoji (22 UTF-16 units)', '😀'.repeat(11), { code: 'tooShort', params: { min: 12 } }],
    ['one past the longest', 'x'.repeat(PASSWORD_MAX_LENGTH + 1), { code: 'tooLong', params: { max: 128 } }],
    ['a control character', 'abcdefghijkl\u001b[A', { code: 'notPrintable', params: {} }],
    ['the name itself', 'ann.chan.1234', { code: 'sameAsName', params: {} }],
    ['twelve spaces', ' '.repeat(12), { code: 'tooFewVisible', params: { min: 12 } }],
    ['twelve ideographic spaces', '\u3000'.repeat(12), { code: 'tooFewVisible', params: { min: 12 } }],
    ['six letters padded with spaces', 'a  b  c  d  e  f  ', { code: 'tooFewVisible', params: { min: 12 } }],
    ['twelve zero-width joiners', '\u200D'.repeat(12), { code: 'tooFewVisible', params: { min: 12 } }],
    ['twelve zero-width spaces', '\u200B'.repeat(12), { code: 'invisibleCharacters', params: {} }],
    ['a right-to-left override before text', '\u202Eabcdefghijkl', { code: 'invisibleCharacters', params: {} }],
    ['a bidi isolate inside text', 'abcdef\u2066ghijkl\u2069', { code: 'invisibleCharacters', params: {} }],
    ['Hangul fillers, drawn as nothing', '\u3164'.repeat(12), { code: 'invisibleCharacters', params: {} }],
    ['a soft hyphen', 'abcdef\u00ADghijkl', { code: 'invisibleCharacters', params: {} }],
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
    expect(describePasswordProblem({ code: 'tooFewVisible', params: { min: 12 } })).toBe(
      'a password has at least 12 characters that show, a run of spaces counted once',
    );
    expect(describePasswordProblem({ code: 'invisibleCharacters', params: {} })).toMatch(/invisible or direction/);
  });
});
