import type { Executor } from '../executor';
import type { FactorStore, RecoveryCodeRecord, TotpRecord } from '../factorStore';
import { TOTP_SELECT, toTotp, type TotpRow } from '../factorRecord';

/** Second factors: a code used on one instance is used on all (the step is written atomically). */
export class FactorsSql implements FactorStore {
  constructor(private readonly db: Executor) {}

  async totp(account: string): Promise<TotpRecord | null> {
    const row = await this.db.get<TotpRow>(`${TOTP_SELECT} WHERE account = ?`, [account]);
    return row ? toTotp(row) : null;
  }

  async beginTotp(account: string, secret: string, at: string): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO totp_factors (account, secret, confirmed, created_at) VALUES (?, ?, false, ?)
       ON CONFLICT (account) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
         last_used_at = NULL, last_step = NULL
       WHERE NOT totp_factors.confirmed`,
      [account, secret, at],
    );
    return changed === 1;
  }

  confirmTotp(account: string, step: number, at: string, recoveryHashes: readonly string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        'UPDATE totp_factors SET confirmed = true, last_step = ?, last_used_at = ? WHERE account = ? AND NOT confirmed',
        [step, at, account],
      );
      if (changed !== 1) return false;
      await replaceCodes(tx, account, recoveryHashes, at);
      return true;
    });
  }

  async useTotpStep(account: string, step: number, at: string): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE totp_factors SET last_step = ?, last_used_at = ?
       WHERE account = ? AND confirmed AND (last_step IS NULL OR last_step < ?)`,
      [step, at, account, step],
    );
    return changed === 1;
  }

  async resealTotp(account: string, secret: string): Promise<void> {
    await this.db.run('UPDATE totp_factors SET secret = ? WHERE account = ?', [secret, account]);
  }

  recoveryCodes(account: string): Promise<RecoveryCodeRecord[]> {
    return this.db.all<RecoveryCodeRecord>(
      'SELECT code_hash AS "codeHash", used_at AS "usedAt" FROM recovery_codes WHERE account = ? ORDER BY code_hash',
      [account],
    );
  }

  async useRecoveryCode(account: string, codeHash: string, at: string): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE recovery_codes SET used_at = ? WHERE account = ? AND code_hash = ? AND used_at IS NULL',
      [at, account, codeHash],
    );
    return changed === 1;
  }

  replaceRecoveryCodes(account: string, hashes: readonly string[], at: string): Promise<void> {
    return this.db.transaction((tx) => replaceCodes(tx, account, hashes, at));
  }

  removeAll(account: string, { keepPasskeys = false } = {}): Promise<boolean> {
    return this.db.transaction(
      async (tx) =>
        (await tx.run('DELETE FROM totp_factors WHERE account = ?', [account])) +
          (await tx.run('DELETE FROM recovery_codes WHERE account = ?', [account])) +
          (keepPasskeys ? 0 : await tx.run('DELETE FROM passkeys WHERE account = ?', [account])) >
        0,
    );
  }
}

async function replaceCodes(tx: Executor, account: string, hashes: readonly string[], at: string): Promise<void> {
  await tx.run('DELETE FROM recovery_codes WHERE account = ?', [account]);
  for (const hash of hashes) {
    await tx.run('INSERT INTO recovery_codes (account, code_hash, created_at) VALUES (?, ?, ?)', [account, hash, at]);
  }
}
