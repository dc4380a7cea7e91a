import type { Executor } from '../executor';
import type { PasskeyRecord, PasskeyStore, StoredChallenge } from '../passkeyStore';
import {
  PASSKEY_SELECT,
  passkeyValues,
  toChallenge,
  toPasskey,
  type ChallengeRow,
  type PasskeyRow,
} from '../passkeyRecord';

/** Passkeys and their challenges: a challenge taken on one instance is gone for all. */
export class PasskeysSql implements PasskeyStore {
  constructor(private readonly db: Executor) {}

  async list(account: string): Promise<PasskeyRecord[]> {
    const rows = await this.db.all<PasskeyRow>(`${PASSKEY_SELECT} WHERE account = ? ORDER BY created_at, id`, [
      account,
    ]);
    return rows.map(toPasskey);
  }

  async get(id: string): Promise<PasskeyRecord | null> {
    const row = await this.db.get<PasskeyRow>(`${PASSKEY_SELECT} WHERE id = ?`, [id]);
    return row ? toPasskey(row) : null;
  }

  async add(passkey: PasskeyRecord): Promise<boolean> {
    const added = await this.db.run(
      `INSERT INTO passkeys (id, account, name, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      passkeyValues(passkey),
    );
    return added === 1;
  }

  async use(id: string, before: number, counter: number, at: string): Promise<boolean> {
    const used = await this.db.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?', [
      counter,
      at,
      id,
      before,
    ]);
    return used === 1;
  }

  async rename(account: string, id: string, name: string): Promise<boolean> {
    return (await this.db.run('UPDATE passkeys SET name = ? WHERE account = ? AND id = ?', [name, account, id])) === 1;
  }

  async remove(account: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM passkeys WHERE account = ? AND id = ?', [account, id])) === 1;
  }

  putChallenge(keyHash: string, challenge: StoredChallenge, now: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM passkey_challenges WHERE expires_at <= ?', [now]);
      await tx.run(
        `INSERT INTO passkey_challenges (key_hash, challenge, purpose, account, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key_hash) DO UPDATE SET challenge = excluded.challenge, purpose = excluded.purpose,
           account = excluded.account, expires_at = excluded.expires_at`,
        [keyHash, challenge.challenge, challenge.purpose, challenge.account, challenge.expiresAt],
      );
    });
  }

  async takeChallenge(keyHash: string): Promise<StoredChallenge | null> {
    const row = await this.db.get<ChallengeRow>(
      'DELETE FROM passkey_challenges WHERE key_hash = ? RETURNING challenge, purpose, account, expires_at',
      [keyHash],
    );
    return row ? toChallenge(row) : null;
  }
}
