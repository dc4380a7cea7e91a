import type { District } from '../../../shared/contract/machine';
import type { Role } from '../../accounts/account';
import type { ActorKind } from '../../accounts/actor';
import type { ApiToken, NewApiToken } from '../../accounts/apiToken';
import type { AccessAction, AccessAuditStore, AccessChange } from '../accessAudit';
import type { StoredApiToken, TokenStore } from '../tokenStore';
import type pg from 'pg';

interface TokenRow {
  id: number;
  name: string;
  secret_hash: string;
  hint: string;
  role: string;
  districts: string[];
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

const TOKEN_COLUMNS = `id, name, secret_hash, hint, role, districts, created_by, created_at, expires_at, last_used_at,
  revoked_at, revoked_by`;

const toToken = (row: TokenRow): StoredApiToken => ({
  id: row.id,
  name: row.name,
  secretHash: row.secret_hash,
  hint: row.hint,
  role: row.role as Role,
  districts: row.districts as District[],
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  revokedBy: row.revoked_by,
});

const withoutSecretHash = ({ secretHash: _hash, ...token }: StoredApiToken): ApiToken => token;

/** PostgreSQL's named API tokens: every instance reads them on every request, so a revocation holds on all at once. */
export class PgTokenStore implements TokenStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null> {
    const { rows } = await this.pool.query<TokenRow>(
      `INSERT INTO api_tokens (name, secret_hash, hint, role, districts, created_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING
       RETURNING ${TOKEN_COLUMNS}`,
      [
        token.name,
        token.secretHash,
        token.hint,
        token.role,
        token.districts,
        token.createdBy,
        token.createdAt,
        token.expiresAt,
      ],
    );
    return rows[0] ? withoutSecretHash(toToken(rows[0])) : null;
  }

  async list(): Promise<ApiToken[]> {
    const { rows } = await this.pool.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens ORDER BY id DESC`);
    return rows.map((row) => withoutSecretHash(toToken(row)));
  }

  async findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null> {
    const { rows } = await this.pool.query<TokenRow & { maker_backs_it: boolean }>(
      `SELECT ${TOKEN_COLUMNS}, EXISTS (SELECT 1 FROM accounts
         WHERE name = api_tokens.created_by AND role = 'admin' AND NOT disabled) AS maker_backs_it
       FROM api_tokens WHERE secret_hash = $1`,
      [secretHash],
    );
    return rows[0] ? { ...toToken(rows[0]), makerBacksIt: rows[0].maker_backs_it } : null;
  }

  async revoke(id: number, by: string, at: string): Promise<ApiToken | null> {
    const { rows } = await this.pool.query<TokenRow>(
      `UPDATE api_tokens SET revoked_at = $1, revoked_by = $2 WHERE id = $3 AND revoked_at IS NULL
       RETURNING ${TOKEN_COLUMNS}`,
      [at, by, id],
    );
    return rows[0] ? withoutSecretHash(toToken(rows[0])) : null;
  }

  async revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]> {
    const { rows } = await this.pool.query<TokenRow>(
      `UPDATE api_tokens SET revoked_at = $1, revoked_by = $2 WHERE created_by = $3 AND revoked_at IS NULL
       RETURNING ${TOKEN_COLUMNS}`,
      [at, by, maker],
    );
    return rows.sort((a, b) => a.id - b.id).map((row) => withoutSecretHash(toToken(row)));
  }

  async recordUse(id: number, at: string, notBefore: string): Promise<void> {
    await this.pool.query(
      'UPDATE api_tokens SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)',
      [at, id, notBefore],
    );
  }
}

interface ChangeRow {
  at: string;
  actor: string;
  actor_kind: string;
  address: string | null;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
}

/** PostgreSQL's audit of changes to people and tokens. */
export class PgAccessAudit implements AccessAuditStore {
  constructor(private readonly pool: pg.Pool) {}

  async record(change: AccessChange): Promise<void> {
    await this.pool.query(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        change.at,
        change.actor,
        change.actorKind,
        change.address,
        change.action,
        change.subject,
        JSON.stringify(change.detail),
      ],
    );
  }

  async latest(limit: number): Promise<AccessChange[]> {
    const { rows } = await this.pool.query<ChangeRow>(
      `SELECT at, actor, actor_kind, address, action, subject, detail FROM access_audit
       ORDER BY at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      at: row.at,
      actor: row.actor,
      actorKind: row.actor_kind as ActorKind,
      address: row.address,
      action: row.action as AccessAction,
      subject: row.subject,
      detail: row.detail,
    }));
  }
}
