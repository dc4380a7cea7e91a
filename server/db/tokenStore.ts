import type { ApiToken, NewApiToken } from '../accounts/apiToken';

/** A token as the store holds it: with the SHA-256 of its secret (never the secret). */
export interface StoredApiToken extends ApiToken {
  secretHash: string;
}

/** The named API tokens, shared by every instance on one database. */
export interface TokenStore {
  /** Null, and nothing written, when a token not revoked has that name. */
  add(token: NewApiToken & { secretHash: string }): Promise<ApiToken | null>;
  /** Every token, revoked ones too, newest first. */
  list(): Promise<ApiToken[]>;
  /**
   * The token whose secret has this hash, whatever its state (the caller judges it), and whether its maker is an
   * active admin now (false when the account is gone).
   */
  findByHash(secretHash: string): Promise<(StoredApiToken & { makerBacksIt: boolean }) | null>;
  /** Revokes a token not yet revoked; null when there is none of that id or it was already revoked. */
  revoke(id: number, by: string, at: string): Promise<ApiToken | null>;
  /** Revokes every token `maker` made that is not revoked yet; answers them. */
  revokeMadeBy(maker: string, by: string, at: string): Promise<ApiToken[]>;
  /** Records a use at `at`, unless one at `notBefore` or later is recorded already (another request or instance). */
  recordUse(id: number, at: string, notBefore: string): Promise<void>;
}
