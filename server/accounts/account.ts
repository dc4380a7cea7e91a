import { ROLES, type Role } from '../../shared/access';
import { DISTRICTS, type District } from '../../shared/contract/machine';

export { ROLES, type Role };

/** A person who signs in to the console, as the server keeps them (never with the password's hash). */
export interface Account {
  name: string;
  role: Role;
  /** The districts whose machines the account sees and changes; empty = every district. Always empty for an admin. */
  districts: District[];
  disabled: boolean;
  /** Set by whoever chose the password for someone else: the console asks for a new one at once. */
  mustChangePassword: boolean;
  /** ISO 8601, UTC. */
  createdAt: string;
  lastSignInAt: string | null;
  passwordChangedAt: string;
}

/** An account with its password's argon2id hash (PHC string), as the store holds it. */
export interface StoredAccount extends Account {
  passwordHash: string;
}

export const ACCOUNT_NAME_MAX_LENGTH = 64;
/**
 * A new name: lower-case ASCII letters and digits, then . _ @ - too, so an e-mail address is a name (decision 0062).
 * No other script: `аnn` in Cyrillic and `ann` in Latin look the same in the audit.
 */
const NAME_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;
/** A name made before decision 0062 may hold letters of any script: it still signs in. */
const EARLIER_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._@-]*$/u;

/**
 * The one spelling of a name: NFKC, lower case, without the spaces around it, so that "Ann", " ann" and "ＡＮＮ" are one
 * account. Sign-in, the user command and the store all go through it.
 */
export const normalizeAccountName = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

/** What is wrong with a (normalized) name for a new account or token, or null. */
export function accountNameProblem(name: string): string | null {
  if (name === '') return 'a name is needed';
  if ([...name].length > ACCOUNT_NAME_MAX_LENGTH) return `a name has at most ${ACCOUNT_NAME_MAX_LENGTH} characters`;
  if (!NAME_PATTERN.test(name)) {
    return 'a name is letters a-z and digits, with . _ @ - after the first character';
  }
  return null;
}

/** Whether a (normalized) name could belong to an account, made now or before decision 0062: worth looking up. */
export const couldBeAccountName = (name: string): boolean =>
  name !== '' && [...name].length <= ACCOUNT_NAME_MAX_LENGTH && EARLIER_NAME_PATTERN.test(name);

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * A comma list of districts as an operator types it ("sha tin, Tai Po"), in the spec's keys, sorted and without
 * repeats; `unknown` names any that is not a district. An empty list is every district.
 */
export function parseDistrictList(text: string): { districts: District[] } | { unknown: string[] } {
  const names = text
    .split(',')
    .map((name) => name.trim().replace(/\s+/g, ' ').toUpperCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !(DISTRICTS as readonly string[]).includes(name));
  if (unknown.length > 0) return { unknown };
  return { districts: sortDistricts(names as District[]) };
}

/** In the spec's order (by area), without repeats: how every list of districts is stored and shown. */
export const sortDistricts = (districts: readonly District[]): District[] =>
  DISTRICTS.filter((district) => districts.includes(district));
