import type { Caller } from '../accounts/access';
import {
  hashesMatch,
  looksLikeTokenSecret,
  TOKEN_USE_INTERVAL_MS,
  tokenSecretHash,
  tokenState,
  shouldRecordUse,
} from '../accounts/apiToken';
import type { Clock } from '../accounts/clock';
import type { TokenStore } from '../db/tokenStore';

/**
 * The named API tokens as callers. Each request reads its token from the database (one indexed read, as a session
 * does), so a revocation made on any instance holds on every instance at the next request; its last use is written
 * at most once a minute per token, whatever the rate of its requests.
 */
export class NamedTokens {
  /** When this process last wrote each token's use: a burst of requests writes once, not once each. */
  private readonly written = new Map<number, number>();

  constructor(
    private readonly store: TokenStore,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * The caller a bearer secret names, or null for one that is malformed, unknown, expired or revoked, or whose maker
   * is no longer an active admin (disabled, or given another role: decision 0061).
   */
  async callerOf(secret: string): Promise<Caller | null> {
    if (!looksLikeTokenSecret(secret)) return null;
    const hash = tokenSecretHash(secret);
    const token = await this.store.findByHash(hash);
    if (!token || !hashesMatch(token.secretHash, hash)) return null;
    const now = this.clock();
    if (tokenState(token, now) !== 'active' || !token.makerBacksIt) return null;
    this.recordUse(token.id, token.lastUsedAt, now);
    return { kind: 'token', name: token.name, role: token.role, districts: token.districts };
  }

  private recordUse(id: number, lastUsedAt: string | null, now: Date): void {
    const mine = this.written.get(id);
    if (!shouldRecordUse(lastUsedAt, now)) return;
    if (mine !== undefined && now.getTime() - mine < TOKEN_USE_INTERVAL_MS) return;
    this.written.set(id, now.getTime());
    const notBefore = new Date(now.getTime() - TOKEN_USE_INTERVAL_MS + 1).toISOString();
    // Not awaited: the request does not wait for a bookkeeping write, nor fail with it.
    this.store.recordUse(id, now.toISOString(), notBefore).catch(this.onError);
  }
}
