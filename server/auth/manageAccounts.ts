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
import type { AccountStore, UpdateOptions } from '../db/accountStore';

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

/** Disabling ends every session of the account at once; enabling lets it sign in again. */
export async function setDisabled(store: AccountStore, rawName: string, disabled: boolean): Promise<Account> {
  const account = await existingAccount(store, rawName);
  return (await store.update(account.name, { disabled }, { endSessions: disabled }))!;
}

/**
 * A new role, and districts when given (an admin has none: becoming one drops them). Open sessions take the new role
 * at their next request, since every request reads the account.
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
  return (await store.update(account.name, { role, districts: next }))!;
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
