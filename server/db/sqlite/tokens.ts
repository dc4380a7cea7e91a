import type { ApiToken, NewApiToken } from '../../accounts/apiToken';
import type { AccessAuditStore, AccessChange } from '../accessAudit';
import * as rec from '../tokenRecord';
import type { StoredApiToken, TokenStore } from '../tokenStore';
import type { Db } from './open';

/** SQLite's named API tokens. */
export class SqliteTokenStore implements TokenStore {
  constructor(private readonly db: Db) {}

  private byId(id: number): StoredApiToken | null {
    const row = this.db.prepare(`SELECT ${rec.TOKEN_COLUMNS} FROM api_tokens WHERE id = ?`).get(id) as
      rec.TokenRow | undefined;
    return row ? rec.toToken(row) : null;
  }

  async add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null> {
    const { changes, lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO api_tokens (${rec.NEW_TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING`,
      )
      .run(...rec.newTokenValues(token, JSON.stringify(token.districts)));
    if (changes !== 1) return null;
    return rec.withoutSecretHash(this.byId(Number(lastInsertRowid))!);
  }

  async list(): Promise<ApiToken[]> {
    const rows = this.db
      .prepare(`SELECT ${rec.TOKEN_COLUMNS} FROM api_tokens ORDER BY id DESC`)
      .all() as rec.TokenRow[];
    return rows.map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null> {
    const row = this.db
      .prepare(
        `SELECT ${rec.TOKEN_COLUMNS}, EXISTS (SELECT 1 FROM accounts
           WHERE name = api_tokens.created_by AND role = 'admin' AND disabled = 0) AS maker_backs_it
         FROM api_tokens WHERE secret_hash = ?`,
      )
      .get(secretHash) as (rec.TokenRow & { maker_backs_it: number }) | undefined;
    return row ? { ...rec.toToken(row), makerBacksIt: row.maker_backs_it === 1 } : null;
  }

  async revoke(id: number, by: string, at: string): Promise<ApiToken | null> {
    const { changes } = this.db
      .prepare('UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL')
      .run(at, by, id);
    return changes === 1 ? rec.withoutSecretHash(this.byId(id)!) : null;
  }

  async revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]> {
    const rows = this.db
      .prepare(
        `UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE created_by = ? AND revoked_at IS NULL
         RETURNING ${rec.TOKEN_COLUMNS}`,
      )
      .all(at, by, maker) as rec.TokenRow[];
    return rows.sort((a, b) => a.id - b.id).map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async recordUse(id: number, at: string, notBefore: string): Promise<void> {
    this.db
      .prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)')
      .run(at, id, notBefore);
  }
}

/** SQLite's audit of changes to people and tokens. */
export class SqliteAccessAudit implements AccessAuditStore {
  constructor(private readonly db: Db) {}

  async record(change: AccessChange): Promise<void> {
    this.db
      .prepare(`INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(...rec.changeValues(change));
  }

  async latest(limit: number): Promise<AccessChange[]> {
    const rows = this.db
      .prepare(`SELECT ${rec.CHANGE_COLUMNS} FROM access_audit ORDER BY at DESC, id DESC LIMIT ?`)
      .all(limit) as rec.ChangeRow[];
    return rows.map(rec.toChange);
  }
}
