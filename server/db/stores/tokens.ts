import type { ApiToken, NewApiToken } from '../../accounts/apiToken';
import type { AccessAuditStore, AccessChange } from '../accessAudit';
import type { Executor } from '../executor';
import { flag } from '../table';
import * as rec from '../tokenRecord';
import type { StoredApiToken, TokenStore } from '../tokenStore';

/** The named API tokens: every instance reads them on every request, so a revocation holds on all at once. */
export class TokensSql implements TokenStore {
  constructor(private readonly db: Executor) {}

  async add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null> {
    const row = await this.db.get<rec.TokenRow>(
      `INSERT INTO api_tokens (${rec.NEW_TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING ${rec.TOKEN_COLUMNS}`,
      rec.newTokenValues(token, token.districts),
    );
    return row ? rec.withoutSecretHash(rec.toToken(row)) : null;
  }

  async list(): Promise<ApiToken[]> {
    const rows = await this.db.all<rec.TokenRow>(`SELECT ${rec.TOKEN_COLUMNS} FROM api_tokens ORDER BY id DESC`);
    return rows.map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null> {
    const row = await this.db.get<rec.TokenRow & { maker_backs_it: boolean | number }>(
      `SELECT ${rec.TOKEN_COLUMNS}, EXISTS (SELECT 1 FROM accounts
         WHERE name = api_tokens.created_by AND role = 'admin' AND NOT disabled) AS maker_backs_it
       FROM api_tokens WHERE secret_hash = ?`,
      [secretHash],
    );
    return row ? { ...rec.toToken(row), makerBacksIt: flag(row.maker_backs_it) } : null;
  }

  async revoke(id: number, by: string, at: string): Promise<ApiToken | null> {
    const row = await this.db.get<rec.TokenRow>(
      `UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL
       RETURNING ${rec.TOKEN_COLUMNS}`,
      [at, by, id],
    );
    return row ? rec.withoutSecretHash(rec.toToken(row)) : null;
  }

  async revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]> {
    const rows = await this.db.all<rec.TokenRow>(
      `UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE created_by = ? AND revoked_at IS NULL
       RETURNING ${rec.TOKEN_COLUMNS}`,
      [at, by, maker],
    );
    return rows.sort((a, b) => a.id - b.id).map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async recordUse(id: number, at: string, notBefore: string): Promise<void> {
    await this.db.run(
      'UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
      [at, id, notBefore],
    );
  }
}

/** The audit of changes to people and tokens. */
export class AccessAuditSql implements AccessAuditStore {
  constructor(private readonly db: Executor) {}

  async record(change: AccessChange): Promise<void> {
    await this.db.run(
      `INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      rec.changeValues(change),
    );
  }

  async latest(limit: number): Promise<AccessChange[]> {
    const rows = await this.db.all<rec.ChangeRow>(
      `SELECT ${rec.CHANGE_COLUMNS} FROM access_audit ORDER BY at DESC, id DESC LIMIT ?`,
      [limit],
    );
    return rows.map(rec.toChange);
  }
}
