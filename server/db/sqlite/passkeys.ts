import type { PasskeyRecord, PasskeyStore, StoredChallenge } from '../passkeyStore';
import {
  PASSKEY_SELECT,
  passkeyValues,
  toChallenge,
  toPasskey,
  type ChallengeRow,
  type PasskeyRow,
} from '../passkeyRecord';
import type { Db } from './open';

/** SQLite's passkeys and their challenges. */
export class SqlitePasskeyStore implements PasskeyStore {
  constructor(private readonly db: Db) {}

  async list(account: string): Promise<PasskeyRecord[]> {
    const rows = this.db
      .prepare(`${PASSKEY_SELECT} WHERE account = ? ORDER BY created_at, id`)
      .all(account) as PasskeyRow[];
    return rows.map(toPasskey);
  }

  async get(id: string): Promise<PasskeyRecord | null> {
    const row = this.db.prepare(`${PASSKEY_SELECT} WHERE id = ?`).get(id) as PasskeyRow | undefined;
    return row ? toPasskey(row) : null;
  }

  async add(passkey: PasskeyRecord): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `INSERT INTO passkeys (id, account, name, public_key, counter, transports, created_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .run(...passkeyValues(passkey));
    return changes === 1;
  }

  async use(id: string, before: number, counter: number, at: string): Promise<boolean> {
    const { changes } = this.db
      .prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?')
      .run(counter, at, id, before);
    return changes === 1;
  }

  async rename(account: string, id: string, name: string): Promise<boolean> {
    return (
      this.db.prepare('UPDATE passkeys SET name = ? WHERE account = ? AND id = ?').run(name, account, id).changes === 1
    );
  }

  async remove(account: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM passkeys WHERE account = ? AND id = ?').run(account, id).changes === 1;
  }

  async putChallenge(keyHash: string, challenge: StoredChallenge, now: string): Promise<void> {
    this.db
      .transaction(() => {
        this.db.prepare('DELETE FROM passkey_challenges WHERE expires_at <= ?').run(now);
        this.db
          .prepare(
            `INSERT INTO passkey_challenges (key_hash, challenge, purpose, account, expires_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (key_hash) DO UPDATE SET challenge = excluded.challenge, purpose = excluded.purpose,
               account = excluded.account, expires_at = excluded.expires_at`,
          )
          .run(keyHash, challenge.challenge, challenge.purpose, challenge.account, challenge.expiresAt);
      })
      .immediate();
  }

  async takeChallenge(keyHash: string): Promise<StoredChallenge | null> {
    const row = this.db
      .prepare('DELETE FROM passkey_challenges WHERE key_hash = ? RETURNING challenge, purpose, account, expires_at')
      .get(keyHash) as ChallengeRow | undefined;
    return row ? toChallenge(row) : null;
  }
}
