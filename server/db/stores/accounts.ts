import type { Account, StoredAccount } from '../../accounts/account';
import { ACCOUNT_COLUMNS, type AccountRow, toStoredAccount, withoutHash } from '../accountRecord';
import { LastAdminError, type AccountChanges, type AccountStore, type UpdateOptions } from '../accountStore';
import type { Executor } from '../executor';

const COLUMN_OF: Record<keyof AccountChanges, string> = {
  role: 'role',
  districts: 'districts',
  disabled: 'disabled',
  mustChangePassword: 'must_change_password',
  passwordHash: 'password_hash',
  passwordChangedAt: 'password_changed_at',
};

/** The advisory lock changes to admins are made under (decision 0053). */
const ADMINS_LOCK = 0x72766f;

async function getAccount(db: Executor, name: string): Promise<StoredAccount | null> {
  const row = await db.get<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`, [name]);
  return row ? toStoredAccount(row) : null;
}

/** The people who sign in to the console. No write lock: accounts are not part of the machine list. */
export class AccountsSql implements AccountStore {
  constructor(private readonly db: Executor) {}

  async add(account: StoredAccount): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO accounts (${ACCOUNT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING`,
      [
        account.name,
        account.passwordHash,
        account.role,
        account.districts,
        account.disabled,
        account.mustChangePassword,
        account.createdAt,
        account.lastSignInAt,
        account.passwordChangedAt,
      ],
    );
    return changed === 1;
  }

  get(name: string): Promise<StoredAccount | null> {
    return getAccount(this.db, name);
  }

  async list(): Promise<Account[]> {
    const rows = await this.db.all<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY name`);
    return rows.map((row) => withoutHash(toStoredAccount(row)));
  }

  update(name: string, changes: AccountChanges, options: UpdateOptions = {}): Promise<Account | null> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [
      keyof AccountChanges,
      unknown,
    ][];
    return this.db.transaction(async (tx) => {
      // Changes that must keep an admin take turns, on every instance: each sees the other's result.
      if (options.keepAnAdmin) await tx.lock(ADMINS_LOCK);
      if (entries.length > 0) {
        const assignments = entries.map(([key]) => `${COLUMN_OF[key]} = ?`).join(', ');
        await tx.run(`UPDATE accounts SET ${assignments} WHERE name = ?`, [...entries.map(([, value]) => value), name]);
      }
      if (options.keepAnAdmin) {
        const admins = await tx.get<{ n: number }>(
          "SELECT count(*) AS n FROM accounts WHERE role = 'admin' AND NOT disabled",
        );
        if (admins?.n === 0) throw new LastAdminError();
      }
      if (options.endSessions) {
        await tx.run('DELETE FROM sessions WHERE account = ?', [name]);
        await tx.run('DELETE FROM sign_in_devices WHERE account = ?', [name]);
      }
      const account = await getAccount(tx, name);
      return account ? withoutHash(account) : null;
    });
  }

  async recordSignIn(name: string, at: string): Promise<void> {
    await this.db.run('UPDATE accounts SET last_sign_in_at = ? WHERE name = ?', [at, name]);
  }
}
