import type { ApiToken, NewApiToken } from '../../accounts/apiToken';
import type { AccessAuditStore, AccessChange } from '../accessAudit';
import * as rec from '../tokenRecord';
import type { StoredApiToken, TokenStore } from '../tokenStore';
import type pg from 'pg';

/** PostgreSQL's named API tokens: every instance reads them on every request, so a revocation holds on all at once. */
export class PgTokenStore implements TokenStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null> {
    const { rows } = await this.pool.query<rec.TokenRow>(
      `INSERT INTO api_tokens (${rec.NEW_TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING ${rec.TOKEN_COLUMNS}`,
      rec.newTokenValues(token, token.districts),
    );
    return rows[0] ? rec.withoutSecretHash(rec.toToken(rows[0])) : null;
  }

  async list(): Promise<ApiToken[]> {
    const { rows } = await this.pool.query<rec.TokenRow>(
      `SELECT ${rec.TOKEN_COLUMNS} FROM api_tokens ORDER BY id DESC`,
    );
    return rows.map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null> {
    const { rows } = await this.pool.query<rec.TokenRow & { maker_backs_it: boolean }>(
      `SELECT ${rec.TOKEN_COLUMNS}, EXISTS (SELECT 1 FROM accounts
         WHERE name = api_tokens.created_by AND role = 'admin' AND NOT disabled) AS maker_backs_it
       FROM api_tokens WHERE secret_hash = $1`,
      [secretHash],
    );
    return rows[0] ? { ...rec.toToken(rows[0]), makerBacksIt: rows[0].maker_backs_it } : null;
  }

  async revoke(id: number, by: string, at: string): Promise<ApiToken | null> {
    const { rows } = await this.pool.query<rec.TokenRow>(
      `UPDATE api_tokens SET revoked_at = $1, revoked_by = $2 WHERE id = $3 AND revoked_at IS NULL
       RETURNING ${rec.TOKEN_COLUMNS}`,
      [at, by, id],
    );
    return rows[0] ? rec.withoutSecretHash(rec.toToken(rows[0])) : null;
  }

  async revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]> {
    const { rows } = await this.pool.query<rec.TokenRow>(
      `UPDATE api_tokens SET revoked_at = $1, revoked_by = $2 WHERE created_by = $3 AND revoked_at IS NULL
       RETURNING ${rec.TOKEN_COLUMNS}`,
      [at, by, maker],
    );
    return rows.sort((a, b) => a.id - b.id).map((row) => rec.withoutSecretHash(rec.toToken(row)));
  }

  async recordUse(id: number, at: string, notBefore: string): Promise<void> {
    await this.pool.query(
      'UPDATE api_tokens SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)',
      [at, id, notBefore],
    );
  }
}

/** PostgreSQL's audit of changes to people and tokens. */
export class PgAccessAudit implements AccessAuditStore {
  constructor(private readonly pool: pg.Pool) {}

  async record(change: AccessChange): Promise<void> {
    await this.pool.query(
      `INSERT INTO access_audit (${rec.CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      rec.changeValues(change),
    );
  }

  async latest(limit: number): Promise<AccessChange[]> {
    const { rows } = await this.pool.query<rec.ChangeRow>(
      `SELECT ${rec.CHANGE_COLUMNS} FROM access_audit ORDER BY at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(rec.toChange);
  }
}
