import type { District } from '../../shared/contract/machine';
import {
  accountNameProblem,
  normalizeAccountName,
  type Account,
  type Role,
  type StoredAccount,
} from '../accounts/account';
import { commonPasswords } from '../accounts/commonPasswords';
import { describePasswordProblem, newPasswordProblem } from '../accounts/password';
import { lookalikeOf } from '../accounts/nameSkeleton';
import { hashPassword } from '../accounts/passwordHash';
import type { ApiToken } from '../accounts/apiToken';
import { LastAdminError, type AccountStore, type SessionStore, type UpdateOptions } from '../db/accountStore';
import type { TokenStore } from '../db/tokenStore';

/** A change the user command was asked for that cannot be made: the message says why. */
export class AccountError extends Error {
  override name = 'AccountError';
}

/** A new name that looks like an account's name (nameSkeleton): the two would read alike in the audit. */
export class LookalikeNameError extends AccountError {
  override name = 'LookalikeNameError';
  constructor(
    readonly newName: string,
    readonly like: string,
  ) {
    super(
      `${newName}: looks like the account ${like} (the same letters from another script, or rn for m, 0 for o, 1 for l); choose another name`,
    );
  }
}

export interface NewAccount {
  name: string;
  password: string;
  role: Role;
  districts: District[];
  mustChangePassword: boolean;
}

/** What an admin's districts may be: none, since an admin reaches every district. */
function checkDistricts(role: Role, districts: readonly District[]): void {
  if (role === 'admin' && districts.length > 0) {
    throw new AccountError('an admin reaches every district: give districts to an operator or a viewer only');
  }
}

async function checkPassword(password: string, name: string): Promise<void> {
  const problem = newPasswordProblem(password, name, undefined, await commonPasswords());
  if (problem) throw new AccountError(describePasswordProblem(problem));
}

/**
 * The name a new account would have (normalized), when it is a good name, free, and like no other account's name;
 * asked before its password.
 */
export async function availableName(store: AccountStore, rawName: string): Promise<string> {
  const name = normalizeAccountName(rawName);
  const nameProblem = accountNameProblem(name);
  if (nameProblem) throw new AccountError(`${JSON.stringify(rawName)}: ${nameProblem}`);
  if (await store.get(name)) throw new AccountError(`${name}: there is already an account of that name`);
  const like = lookalikeOf(
    name,
    (await store.list()).map((account) => account.name),
  );
  if (like !== null) throw new LookalikeNameError(name, like);
  return name;
}

/** Adds an account; its name normalized (accounts/account.ts). */
export async function addAccount(store: AccountStore, input: NewAccount, now = new Date()): Promise<Account> {
  const name = await availableName(store, input.name);
  checkDistricts(input.role, input.districts);
  await checkPassword(input.password, name);
  const at = now.toISOString();
  const account = {
    name,
    role: input.role,
    districts: input.districts,
    disabled: false,
    mustChangePassword: input.mustChangePassword,
    createdAt: at,
    lastSignInAt: null,
    passwordChangedAt: at,
  };
  const added = await store.add({ ...account, passwordHash: await hashPassword(input.password) });
  if (!added) throw new AccountError(`${name}: there is already an account of that name`);
  return account;
}

/** The account of that name, or an AccountError. */
export async function existingAccount(store: AccountStore, rawName: string): Promise<StoredAccount> {
  const name = normalizeAccountName(rawName);
  const account = await store.get(name);
  if (!account) throw new AccountError(`${name}: no such account`);
  return account;
}

/** A new password, chosen by an admin: every session of the account ends. */
export async function setPassword(
  store: AccountStore,
  rawName: string,
  password: string,
  mustChangePassword: boolean,
  now = new Date(),
): Promise<Account> {
  const account = await existingAccount(store, rawName);
  await checkPassword(password, account.name);
  const changed = await store.update(
    account.name,
    { passwordHash: await hashPassword(password), passwordChangedAt: now.toISOString(), mustChangePassword },
    { endSessions: true },
  );
  return changed!;
}

/** The store's refusal to leave no active admin, in the command's words. */
async function keepingAnAdmin<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof LastAdminError)) throw error;
    throw new AccountError(`${error.message}: make another account an admin first (npm run user -- role NAME admin)`);
  }
}

/**
 * Disabling ends every session of the account at once; enabling lets it sign in again. Refused when it would leave
 * no active admin, as in the console.
 */
export async function setDisabled(store: AccountStore, rawName: string, disabled: boolean): Promise<Account> {
  const account = await existingAccount(store, rawName);
  const keepAnAdmin = disabled && account.role === 'admin';
  return keepingAnAdmin(
    async () => (await store.update(account.name, { disabled }, { endSessions: disabled, keepAnAdmin }))!,
  );
}

/**
 * A new role, and districts when given (an admin has none: becoming one drops them). Open sessions take the new role
 * at their next request, since every request reads the account. Refused when it would leave no active admin.
 */
export async function setRole(
  store: AccountStore,
  rawName: string,
  role: Role,
  districts?: District[],
): Promise<Account> {
  const account = await existingAccount(store, rawName);
  const next = role === 'admin' ? [] : (districts ?? account.districts);
  checkDistricts(role, districts ?? []);
  const keepAnAdmin = account.role === 'admin' && role !== 'admin';
  return keepingAnAdmin(async () => (await store.update(account.name, { role, districts: next }, { keepAnAdmin }))!);
}

/**
 * Ends every lock and count of failed sign-ins of the name, from every address and browser: an admin's unlock, for a
 * person a stranger keeps locked out. Answers how many counts there were.
 */
export async function unlockAccount(store: AccountStore, sessions: SessionStore, rawName: string): Promise<number> {
  const account = await existingAccount(store, rawName);
  return sessions.clearAccountFailures(account.name);
}

/** Whether an account may still stand behind the tokens it made: only an active admin makes tokens (decision 0061). */
export const backsItsTokens = (account: Pick<Account, 'role' | 'disabled'>): boolean =>
  account.role === 'admin' && !account.disabled;

/**
 * Revokes the live tokens `account` made once it can no longer stand behind them (disabled, or no longer an admin),
 * in the name of whoever changed it; answers them, for the audit. Nothing when it still can.
 */
export async function endTokensOf(tokens: TokenStore, account: Account, by: string, at: string): Promise<ApiToken[]> {
  if (backsItsTokens(account)) return [];
  return tokens.revokeMadeBy(account.name, by, at);
}

/** The districts an operator or a viewer reaches; empty = every district. */
export async function setDistricts(store: AccountStore, rawName: string, districts: District[]): Promise<Account> {
  const account = await existingAccount(store, rawName);
  checkDistricts(account.role, districts);
  return (await store.update(account.name, { districts }))!;
}

/** What an admin may change of a person at once in the console. */
export interface AccountEdit {
  role?: Role;
  districts?: District[];
  disabled?: boolean;
}

/**
 * Role, districts and disabled in one change (an admin has no districts: becoming one drops them); disabling ends
 * the account's sessions in the same transaction. `keepAnAdmin` refuses a change that leaves no active admin.
 */
export async function changeAccount(
  store: AccountStore,
  rawName: string,
  edit: AccountEdit,
  options: Pick<UpdateOptions, 'keepAnAdmin'> = {},
): Promise<Account> {
  const account = await existingAccount(store, rawName);
  const role = edit.role ?? account.role;
  const districts = role === 'admin' ? [] : (edit.districts ?? account.districts);
  checkDistricts(role, edit.districts ?? []);
  const changed = await store.update(
    account.name,
    { role, districts, ...(edit.disabled === undefined ? {} : { disabled: edit.disabled }) },
    { endSessions: edit.disabled === true, ...options },
  );
  if (!changed) throw new AccountError(`${account.name}: no such account`);
  return changed;
}

/** `{ field: { from, to } }` of what a change to a person altered, as the audit keeps it. */
export function changedFields(before: Account, after: Account): Record<string, { from: unknown; to: unknown }> {
  const fields = ['role', 'districts', 'disabled'] as const;
  return Object.fromEntries(
    fields
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}
