import type { Account, StoredAccount } from '../../accounts/account';
import { ACCOUNT_COLUMNS, type AccountRow, toStoredAccount, withoutHash } from '../accountRecord';
import { LastAdminError, type AccountChanges, type AccountStore, type UpdateOptions } from '../accountStore';
import { inTransaction, type Queryable } from './pool';
import type pg from 'pg';

const COLUMN_OF: Record<keyof AccountChanges, string> = {
  role: 'role',
  districts: 'districts',
  disabled: 'disabled',
  mustChangePassword: 'must_change_password',
  passwordHash: 'password_hash',
  passwordChangedAt: 'password_changed_at',
};

async function getAccount(db: Queryable, name: string): Promise<StoredAccount | null> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = $1`, [name]);
  return rows[0] ? toStoredAccount(rows[0]) : null;
}

/** The advisory lock changes to admins are made under (decision 0053). */
const ADMINS_LOCK = 0x72766f;

/** PostgreSQL's accounts. No write lock (data_version): accounts are not part of the machine list. */
export class PgAccountStore implements AccountStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(account: StoredAccount): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO accounts (${ACCOUNT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (name) DO NOTHING`,
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
    return rowCount === 1;
  }

  get(name: string): Promise<StoredAccount | null> {
    return getAccount(this.pool, name);
  }

  async list(): Promise<Account[]> {
    const { rows } = await this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY name`);
    return rows.map((row) => withoutHash(toStoredAccount(row)));
  }

  update(name: string, changes: AccountChanges, options: UpdateOptions = {}): Promise<Account | null> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [
      keyof AccountChanges,
      unknown,
    ][];
    return inTransaction(this.pool, {}, async (client) => {
      // Changes that must keep an admin take turns, on every instance: each sees the other's result.
      if (options.keepAnAdmin) await client.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
      if (entries.length > 0) {
        const assignments = entries.map(([key], i) => `${COLUMN_OF[key]} = $${i + 1}`).join(', ');
        await client.query(`UPDATE accounts SET ${assignments} WHERE name = $${entries.length + 1}`, [
          ...entries.map(([, value]) => value),
          name,
        ]);
      }
      if (options.keepAnAdmin) {
        const { rows } = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM accounts WHERE role = 'admin' AND NOT disabled",
        );
        if (rows[0]?.n === 0) throw new LastAdminError();
      }
      if (options.endSessions) {
        await client.query('DELETE FROM sessions WHERE account = $1', [name]);
        await client.query('DELETE FROM sign_in_devices WHERE account = $1', [name]);
      }
      const account = await getAccount(client, name);
      return account ? withoutHash(account) : null;
    });
  }

  async recordSignIn(name: string, at: string): Promise<void> {
    await this.pool.query('UPDATE accounts SET last_sign_in_at = $1 WHERE name = $2', [at, name]);
  }
}
