import type { FactorStore, RecoveryCodeRecord, TotpRecord } from '../factorStore';
import { TOTP_SELECT, toTotp, type TotpRow } from '../factorRecord';
import type { Db } from './open';

/** SQLite's second factors. */
export class SqliteFactorStore implements FactorStore {
  constructor(private readonly db: Db) {}

  async totp(account: string): Promise<TotpRecord | null> {
    const row = this.db.prepare(`${TOTP_SELECT} WHERE account = ?`).get(account) as TotpRow | undefined;
    return row ? toTotp(row) : null;
  }

  async beginTotp(account: string, secret: string, at: string): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `INSERT INTO totp_factors (account, secret, confirmed, created_at) VALUES (?, ?, 0, ?)
         ON CONFLICT (account) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
           last_used_at = NULL, last_step = NULL
         WHERE totp_factors.confirmed = 0`,
      )
      .run(account, secret, at);
    return changes === 1;
  }

  async confirmTotp(account: string, step: number, at: string, recoveryHashes: readonly string[]): Promise<boolean> {
    return this.db
      .transaction(() => {
        const { changes } = this.db
          .prepare(
            `UPDATE totp_factors SET confirmed = 1, last_step = ?, last_used_at = ?
             WHERE account = ? AND confirmed = 0`,
          )
          .run(step, at, account);
        if (changes !== 1) return false;
        this.replaceCodes(account, recoveryHashes, at);
        return true;
      })
      .immediate();
  }

  async useTotpStep(account: string, step: number, at: string): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `UPDATE totp_factors SET last_step = ?, last_used_at = ?
         WHERE account = ? AND confirmed = 1 AND (last_step IS NULL OR last_step < ?)`,
      )
      .run(step, at, account, step);
    return changes === 1;
  }

  async resealTotp(account: string, secret: string): Promise<void> {
    this.db.prepare('UPDATE totp_factors SET secret = ? WHERE account = ?').run(secret, account);
  }

  async recoveryCodes(account: string): Promise<RecoveryCodeRecord[]> {
    return this.db
      .prepare(
        'SELECT code_hash AS codeHash, used_at AS usedAt FROM recovery_codes WHERE account = ? ORDER BY code_hash',
      )
      .all(account) as RecoveryCodeRecord[];
  }

  async useRecoveryCode(account: string, codeHash: string, at: string): Promise<boolean> {
    const { changes } = this.db
      .prepare('UPDATE recovery_codes SET used_at = ? WHERE account = ? AND code_hash = ? AND used_at IS NULL')
      .run(at, account, codeHash);
    return changes === 1;
  }

  async replaceRecoveryCodes(account: string, hashes: readonly string[], at: string): Promise<void> {
    this.db.transaction(() => this.replaceCodes(account, hashes, at)).immediate();
  }

  async removeAll(account: string, { keepPasskeys = false } = {}): Promise<boolean> {
    return this.db
      .transaction(
        () =>
          this.db.prepare('DELETE FROM totp_factors WHERE account = ?').run(account).changes +
            this.db.prepare('DELETE FROM recovery_codes WHERE account = ?').run(account).changes +
            (keepPasskeys ? 0 : this.db.prepare('DELETE FROM passkeys WHERE account = ?').run(account).changes) >
          0,
      )
      .immediate();
  }

  private replaceCodes(account: string, hashes: readonly string[], at: string): void {
    this.db.prepare('DELETE FROM recovery_codes WHERE account = ?').run(account);
    const insert = this.db.prepare('INSERT INTO recovery_codes (account, code_hash, created_at) VALUES (?, ?, ?)');
    for (const hash of hashes) insert.run(account, hash, at);
  }
}
