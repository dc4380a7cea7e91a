import type { Account, StoredAccount } from '../../accounts/account';
import { ACCOUNT_COLUMNS, type AccountRow, toStoredAccount, withoutHash } from '../accountRecord';
import { LastAdminError, type AccountChanges, type AccountStore, type UpdateOptions } from '../accountStore';
import type { Db } from './open';

/** Column and value of each change, as SQLite stores it. */
const COLUMN_OF: { [K in keyof Required<AccountChanges>]: [string, (value: AccountChanges[K]) => unknown] } = {
  role: ['role', (role) => role],
  districts: ['districts', (districts) => JSON.stringify(districts)],
  disabled: ['disabled', (disabled) => (disabled ? 1 : 0)],
  mustChangePassword: ['must_change_password', (must) => (must ? 1 : 0)],
  passwordHash: ['password_hash', (hash) => hash],
  passwordChangedAt: ['password_changed_at', (at) => at],
};

const ACTIVE_ADMINS = "SELECT count(*) FROM accounts WHERE role = 'admin' AND disabled = 0";

/** SQLite's accounts: one write transaction each (IMMEDIATE, as every write of the engine). */
export class SqliteAccountStore implements AccountStore {
  constructor(private readonly db: Db) {}

  async add(account: StoredAccount): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `INSERT INTO accounts (${ACCOUNT_COLUMNS}) VALUES (@name, @passwordHash, @role, @districts, @disabled,
           @mustChangePassword, @createdAt, @lastSignInAt, @passwordChangedAt)
         ON CONFLICT (name) DO NOTHING`,
      )
      .run({
        ...account,
        districts: JSON.stringify(account.districts),
        disabled: account.disabled ? 1 : 0,
        mustChangePassword: account.mustChangePassword ? 1 : 0,
      });
    return changes === 1;
  }

  async get(name: string): Promise<StoredAccount | null> {
    const row = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`).get(name) as
      AccountRow | undefined;
    return row ? toStoredAccount(row) : null;
  }

  async list(): Promise<Account[]> {
    const rows = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY name`).all() as AccountRow[];
    return rows.map((row) => withoutHash(toStoredAccount(row)));
  }

  async update(name: string, changes: AccountChanges, options: UpdateOptions = {}) {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [
      keyof AccountChanges,
      unknown,
    ][];
    return this.db
      .transaction((): Account | null => {
        if (entries.length > 0) {
          const assignments = entries.map(([key]) => `${COLUMN_OF[key][0]} = ?`).join(', ');
          const values = entries.map(([key, value]) => (COLUMN_OF[key][1] as (v: unknown) => unknown)(value));
          this.db.prepare(`UPDATE accounts SET ${assignments} WHERE name = ?`).run(...values, name);
        }
        if (options.keepAnAdmin && this.db.prepare(ACTIVE_ADMINS).pluck().get() === 0) throw new LastAdminError();
        if (options.endSessions) {
          this.db.prepare('DELETE FROM sessions WHERE account = ?').run(name);
          this.db.prepare('DELETE FROM sign_in_devices WHERE account = ?').run(name);
        }
        const row = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`).get(name) as
          AccountRow | undefined;
        return row ? withoutHash(toStoredAccount(row)) : null;
      })
      .immediate();
  }

  async recordSignIn(name: string, at: string): Promise<void> {
    this.db.prepare('UPDATE accounts SET last_sign_in_at = ? WHERE name = ?').run(at, name);
  }
}
