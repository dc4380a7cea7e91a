import type { District } from '../../../shared/contract/machine';
import type { Role } from '../../accounts/account';
import type { ActorKind } from '../../accounts/actor';
import type { ApiToken, NewApiToken } from '../../accounts/apiToken';
import type { AccessAction, AccessAuditStore, AccessChange } from '../accessAudit';
import type { StoredApiToken, TokenStore } from '../tokenStore';
import type { Db } from './open';

interface TokenRow {
  id: number;
  name: string;
  secret_hash: string;
  hint: string;
  role: string;
  districts: string;
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
  districts: JSON.parse(row.districts) as District[],
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  revokedBy: row.revoked_by,
});

export const withoutSecretHash = ({ secretHash: _hash, ...token }: StoredApiToken): ApiToken => token;

/** SQLite's named API tokens. */
export class SqliteTokenStore implements TokenStore {
  constructor(private readonly db: Db) {}

  private byId(id: number): StoredApiToken | null {
    const row = this.db.prepare(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = ?`).get(id) as TokenRow | undefined;
    return row ? toToken(row) : null;
  }

  async add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null> {
    const { changes, lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO api_tokens (name, secret_hash, hint, role, districts, created_by, created_at, expires_at)
         VALUES (@name, @secretHash, @hint, @role, @districts, @createdBy, @createdAt, @expiresAt)
         ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING`,
      )
      .run({ ...token, districts: JSON.stringify(token.districts) });
    if (changes !== 1) return null;
    return withoutSecretHash(this.byId(Number(lastInsertRowid))!);
  }

  async list(): Promise<ApiToken[]> {
    const rows = this.db.prepare(`SELECT ${TOKEN_COLUMNS} FROM api_tokens ORDER BY id DESC`).all() as TokenRow[];
    return rows.map((row) => withoutSecretHash(toToken(row)));
  }

  async findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null> {
    const row = this.db
      .prepare(
        `SELECT ${TOKEN_COLUMNS}, EXISTS (SELECT 1 FROM accounts
           WHERE name = api_tokens.created_by AND role = 'admin' AND disabled = 0) AS maker_backs_it
         FROM api_tokens WHERE secret_hash = ?`,
      )
      .get(secretHash) as (TokenRow & { maker_backs_it: number }) | undefined;
    return row ? { ...toToken(row), makerBacksIt: row.maker_backs_it === 1 } : null;
  }

  async revoke(id: number, by: string, at: string): Promise<ApiToken | null> {
    const { changes } = this.db
      .prepare('UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL')
      .run(at, by, id);
    return changes === 1 ? withoutSecretHash(this.byId(id)!) : null;
  }

  async revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]> {
    const rows = this.db
      .prepare(
        `UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE created_by = ? AND revoked_at IS NULL
         RETURNING ${TOKEN_COLUMNS}`,
      )
      .all(at, by, maker) as TokenRow[];
    return rows.sort((a, b) => a.id - b.id).map((row) => withoutSecretHash(toToken(row)));
  }

  async recordUse(id: number, at: string, notBefore: string): Promise<void> {
    this.db
      .prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)')
      .run(at, id, notBefore);
  }
}

interface ChangeRow {
  at: string;
  actor: string;
  actor_kind: string;
  address: string | null;
  action: string;
  subject: string;
  detail: string;
}

/** SQLite's audit of changes to people and tokens. */
export class SqliteAccessAudit implements AccessAuditStore {
  constructor(private readonly db: Db) {}

  async record(change: AccessChange): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
         VALUES (@at, @actor, @actorKind, @address, @action, @subject, @detail)`,
      )
      .run({ ...change, detail: JSON.stringify(change.detail) });
  }

  async latest(limit: number): Promise<AccessChange[]> {
    const rows = this.db
      .prepare(
        `SELECT at, actor, actor_kind, address, action, subject, detail FROM access_audit
         ORDER BY at DESC, id DESC LIMIT ?`,
      )
      .all(limit) as ChangeRow[];
    return rows.map((row) => ({
      at: row.at,
      actor: row.actor,
      actorKind: row.actor_kind as ActorKind,
      address: row.address,
      action: row.action as AccessAction,
      subject: row.subject,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  }
}
