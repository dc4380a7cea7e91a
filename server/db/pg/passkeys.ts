import type pg from 'pg';
import type { PasskeyRecord, PasskeyStore, StoredChallenge } from '../passkeyStore';
import {
  PASSKEY_SELECT,
  passkeyValues,
  toChallenge,
  toPasskey,
  type ChallengeRow,
  type PasskeyRow,
} from '../passkeyRecord';
import { inTransaction } from './pool';

/** PostgreSQL's passkeys and their challenges: a challenge taken on one instance is gone for all. */
export class PgPasskeyStore implements PasskeyStore {
  constructor(private readonly pool: pg.Pool) {}

  async list(account: string): Promise<PasskeyRecord[]> {
    const { rows } = await this.pool.query<PasskeyRow>(`${PASSKEY_SELECT} WHERE account = $1 ORDER BY created_at, id`, [
      account,
    ]);
    return rows.map(toPasskey);
  }

  async get(id: string): Promise<PasskeyRecord | null> {
    const { rows } = await this.pool.query<PasskeyRow>(`${PASSKEY_SELECT} WHERE id = $1`, [id]);
    return rows[0] ? toPasskey(rows[0]) : null;
  }

  async add(passkey: PasskeyRecord): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO passkeys (id, account, name, public_key, counter, transports, created_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      passkeyValues(passkey),
    );
    return rowCount === 1;
  }

  async use(id: string, before: number, counter: number, at: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE passkeys SET counter = $1, last_used_at = $2 WHERE id = $3 AND counter = $4',
      [counter, at, id, before],
    );
    return rowCount === 1;
  }

  async rename(account: string, id: string, name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE passkeys SET name = $1 WHERE account = $2 AND id = $3', [
      name,
      account,
      id,
    ]);
    return rowCount === 1;
  }

  async remove(account: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM passkeys WHERE account = $1 AND id = $2', [account, id]);
    return rowCount === 1;
  }

  putChallenge(keyHash: string, challenge: StoredChallenge, now: string): Promise<void> {
    return inTransaction(this.pool, {}, async (client) => {
      await client.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [now]);
      await client.query(
        `INSERT INTO passkey_challenges (key_hash, challenge, purpose, account, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key_hash) DO UPDATE SET challenge = excluded.challenge, purpose = excluded.purpose,
           account = excluded.account, expires_at = excluded.expires_at`,
        [keyHash, challenge.challenge, challenge.purpose, challenge.account, challenge.expiresAt],
      );
    });
  }

  async takeChallenge(keyHash: string): Promise<StoredChallenge | null> {
    const { rows } = await this.pool.query<ChallengeRow>(
      'DELETE FROM passkey_challenges WHERE key_hash = $1 RETURNING challenge, purpose, account, expires_at',
      [keyHash],
    );
    return rows[0] ? toChallenge(rows[0]) : null;
  }
}
