import type pg from 'pg';
import type { FactorStore, RecoveryCodeRecord, TotpRecord } from '../factorStore';
import { TOTP_SELECT, toTotp, type TotpRow } from '../factorRecord';
import { inTransaction, type Queryable } from './pool';

/** PostgreSQL's second factors: a code used on one instance is used on all (the step is written atomically). */
export class PgFactorStore implements FactorStore {
  constructor(private readonly pool: pg.Pool) {}

  async totp(account: string): Promise<TotpRecord | null> {
    const { rows } = await this.pool.query<TotpRow>(`${TOTP_SELECT} WHERE account = $1`, [account]);
    return rows[0] ? toTotp(rows[0]) : null;
  }

  async beginTotp(account: string, secret: string, at: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO totp_factors (account, secret, confirmed, created_at) VALUES ($1, $2, false, $3)
       ON CONFLICT (account) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
         last_used_at = NULL, last_step = NULL
       WHERE NOT totp_factors.confirmed`,
      [account, secret, at],
    );
    return rowCount === 1;
  }

  confirmTotp(account: string, step: number, at: string, recoveryHashes: readonly string[]): Promise<boolean> {
    return inTransaction(this.pool, {}, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE totp_factors SET confirmed = true, last_step = $1, last_used_at = $2
         WHERE account = $3 AND NOT confirmed`,
        [step, at, account],
      );
      if (rowCount !== 1) return false;
      await replaceCodes(client, account, recoveryHashes, at);
      return true;
    });
  }

  async useTotpStep(account: string, step: number, at: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE totp_factors SET last_step = $1, last_used_at = $2
       WHERE account = $3 AND confirmed AND (last_step IS NULL OR last_step < $1)`,
      [step, at, account],
    );
    return rowCount === 1;
  }

  async resealTotp(account: string, secret: string): Promise<void> {
    await this.pool.query('UPDATE totp_factors SET secret = $1 WHERE account = $2', [secret, account]);
  }

  async recoveryCodes(account: string): Promise<RecoveryCodeRecord[]> {
    const { rows } = await this.pool.query<RecoveryCodeRecord>(
      'SELECT code_hash AS "codeHash", used_at AS "usedAt" FROM recovery_codes WHERE account = $1 ORDER BY code_hash',
      [account],
    );
    return rows;
  }

  async useRecoveryCode(account: string, codeHash: string, at: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE recovery_codes SET used_at = $1 WHERE account = $2 AND code_hash = $3 AND used_at IS NULL',
      [at, account, codeHash],
    );
    return rowCount === 1;
  }

  replaceRecoveryCodes(account: string, hashes: readonly string[], at: string): Promise<void> {
    return inTransaction(this.pool, {}, (client) => replaceCodes(client, account, hashes, at));
  }

  removeAll(account: string, { keepPasskeys = false } = {}): Promise<boolean> {
    return inTransaction(this.pool, {}, async (client) => {
      const app = await client.query('DELETE FROM totp_factors WHERE account = $1', [account]);
      const codes = await client.query('DELETE FROM recovery_codes WHERE account = $1', [account]);
      const passkeys = keepPasskeys ? null : await client.query('DELETE FROM passkeys WHERE account = $1', [account]);
      return (app.rowCount ?? 0) + (codes.rowCount ?? 0) + (passkeys?.rowCount ?? 0) > 0;
    });
  }
}

async function replaceCodes(db: Queryable, account: string, hashes: readonly string[], at: string): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE account = $1', [account]);
  await db.query(
    'INSERT INTO recovery_codes (account, code_hash, created_at) SELECT $1, hash, $3 FROM unnest($2::text[]) AS hash',
    [account, hashes, at],
  );
}
