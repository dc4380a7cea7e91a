import type { District } from '../../shared/contract/machine';
import type { Role } from '../accounts/account';
import type { ActorKind } from '../accounts/actor';
import type { ApiToken, NewApiToken } from '../accounts/apiToken';
import type { AccessAction, AccessChange } from './accessAudit';
import { columnList, jsonValue, textArray } from './table';
import { ACCESS_AUDIT, API_TOKENS } from './tables';
import type { StoredApiToken } from './tokenStore';

/** A token as the engines return it: its districts PostgreSQL's text[] or SQLite's JSON text. */
export interface TokenRow {
  id: number;
  name: string;
  secret_hash: string;
  hint: string;
  role: string;
  districts: string[] | string;
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export const TOKEN_COLUMNS = columnList(API_TOKENS);

export const toToken = (row: TokenRow): StoredApiToken => ({
  id: row.id,
  name: row.name,
  secretHash: row.secret_hash,
  hint: row.hint,
  role: row.role as Role,
  districts: textArray(row.districts) as District[],
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  revokedBy: row.revoked_by,
});

export const withoutSecretHash = ({ secretHash: _hash, ...token }: StoredApiToken): ApiToken => token;

/** A new token's INSERT: its columns, and its values in their order with the districts as the engine keeps them. */
export const NEW_TOKEN_COLUMNS = 'name, secret_hash, hint, role, districts, created_by, created_at, expires_at';
export const newTokenValues = (token: NewApiToken & { secretHash: string }, districts: unknown): unknown[] => [
  token.name,
  token.secretHash,
  token.hint,
  token.role,
  districts,
  token.createdBy,
  token.createdAt,
  token.expiresAt,
];

/** An entry of the access audit as the engines return it: its detail parsed (PostgreSQL) or JSON text (SQLite). */
export interface ChangeRow {
  at: string;
  actor: string;
  actor_kind: string;
  address: string | null;
  action: string;
  subject: string;
  detail: Record<string, unknown> | string;
}

/** The audit's columns but its id, the order of `changeValues`. */
export const CHANGE_COLUMNS = columnList(ACCESS_AUDIT, ['id']);
export const changeValues = (change: AccessChange): unknown[] => [
  change.at,
  change.actor,
  change.actorKind,
  change.address,
  change.action,
  change.subject,
  JSON.stringify(change.detail),
];

export const toChange = (row: ChangeRow): AccessChange => ({
  at: row.at,
  actor: row.actor,
  actorKind: row.actor_kind as ActorKind,
  address: row.address,
  action: row.action as AccessAction,
  subject: row.subject,
  detail: jsonValue(row.detail),
});
