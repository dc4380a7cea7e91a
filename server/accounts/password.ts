/**
 * What makes a password acceptable (OWASP ASVS 4.0 V2.1, NIST SP 800-63B 5.1.1.2): long enough, not absurdly long, any
 * printable Unicode, no composition rules, not the account's name. Passwords are compared and hashed in NFKC, so a
 * password typed on another keyboard (full-width digits, a composed accent) is the same password. Its length is
 * counted in the characters that show, with a run of spaces as one (ASVS 2.1.1): twelve spaces or twelve zero-width
 * spaces are no password. Characters that change how it looks without showing (bidi controls, zero-width spaces) are
 * refused: a password must read as what it is.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a new password is refused; `params` fill the message the console shows beside the field. */
export const PASSWORD_PROBLEM_CODES = [
  'tooShort',
  'tooFewVisible',
  'tooLong',
  'sameAsName',
  'sameAsCurrent',
  'notPrintable',
  'invisibleCharacters',
  'tooCommon',
] as const;
export type PasswordProblemCode = (typeof PASSWORD_PROBLEM_CODES)[number];

export interface PasswordProblem {
  code: PasswordProblemCode;
  params: Record<string, number>;
}

export const normalizePassword = (password: string): string => password.normalize('NFKC');

/** Counted as a person counts characters: code points, not UTF-16 units. */
const lengthOf = (text: string): number => [...text].length;

/** Control characters (a stray Escape or NUL from a terminal) are refused; spaces and every script are allowed. */
const CONTROL = /\p{Cc}/u;
/**
 * Format characters and the other code points Unicode says to draw as nothing (zero-width space, bidi overrides and
 * isolates, Hangul fillers, soft hyphen, byte-order mark): refused, but for the joiners and the emoji presentation
 * selectors that emoji and some scripts need, which are only not counted.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const JOINERS = /\u200C|\u200D|\uFE0E|\uFE0F/gu;

/** The characters a person sees: joiners and selectors not counted, a run of spaces counted once, none at the ends. */
const visibleLength = (text: string): number => lengthOf(text.replace(JOINERS, '').replace(/\s+/gu, ' ').trim());

/**
 * The first thing wrong with `password` as a new password for `name`, or null. `common`: passwords too common to
 * take, in lower case (accounts/commonPasswords.ts), compared whatever the case.
 */
export function newPasswordProblem(
  password: string,
  name: string,
  current?: string,
  common: ReadonlySet<string> = new Set(),
): PasswordProblem | null {
  const normalized = normalizePassword(password);
  const length = lengthOf(normalized);
  if (length < PASSWORD_MIN_LENGTH) return { code: 'tooShort', params: { min: PASSWORD_MIN_LENGTH } };
  if (length > PASSWORD_MAX_LENGTH) return { code: 'tooLong', params: { max: PASSWORD_MAX_LENGTH } };
  if (CONTROL.test(normalized)) return { code: 'notPrintable', params: {} };
  if (INVISIBLE.test(normalized.replace(JOINERS, ''))) return { code: 'invisibleCharacters', params: {} };
  if (visibleLength(normalized) < PASSWORD_MIN_LENGTH) {
    return { code: 'tooFewVisible', params: { min: PASSWORD_MIN_LENGTH } };
  }
  if (normalized.trim().toLowerCase() === name.toLowerCase()) return { code: 'sameAsName', params: {} };
  if (current !== undefined && normalized === normalizePassword(current)) return { code: 'sameAsCurrent', params: {} };
  if (common.has(normalized.toLowerCase())) return { code: 'tooCommon', params: {} };
  return null;
}

/** The same problems as sentences, for the user command. */
export function describePasswordProblem(problem: PasswordProblem): string {
  switch (problem.code) {
    case 'tooShort':
      return `a password has at least ${problem.params.min} characters`;
    case 'tooLong':
      return `a password has at most ${problem.params.max} characters`;
    case 'tooFewVisible':
      return `a password has at least ${problem.params.min} characters that show, a run of spaces counted once`;
    case 'notPrintable':
      return 'a password holds no control characters';
    case 'invisibleCharacters':
      return 'a password holds no invisible or direction-changing characters (zero-width spaces, bidi controls)';
    case 'sameAsName':
      return "a password is not the account's name";
    case 'sameAsCurrent':
      return 'the new password is the current one';
    case 'tooCommon':
      return 'that password is one of the most common: choose another';
  }
}
