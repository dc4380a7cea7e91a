import type { District } from '../../shared/contract/machine';
import type { Account, Role, StoredAccount } from '../accounts/account';
import { columnList, flag, textArray } from './table';
import { ACCOUNTS } from './tables';

/** An accounts row as the engines return it: districts a text[] or JSON text, flags booleans or 0 and 1. */
export interface AccountRow {
  name: string;
  password_hash: string;
  role: string;
  districts: string[] | string;
  disabled: boolean | number;
  must_change_password: boolean | number;
  created_at: string;
  last_sign_in_at: string | null;
  password_changed_at: string;
}

export const ACCOUNT_COLUMNS = columnList(ACCOUNTS);

export const toStoredAccount = (row: AccountRow): StoredAccount => ({
  name: row.name,
  passwordHash: row.password_hash,
  role: row.role as Role,
  districts: textArray(row.districts) as District[],
  disabled: flag(row.disabled),
  mustChangePassword: flag(row.must_change_password),
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
  passwordChangedAt: row.password_changed_at,
});

export const withoutHash = ({ passwordHash: _hash, ...account }: StoredAccount): Account => account;
