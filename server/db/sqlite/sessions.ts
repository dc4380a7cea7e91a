import type { StoredAccount } from '../../accounts/account';
import { accountThrottleKey, type ThrottleState } from '../../accounts/throttle';
import type { SecondFactorState, SessionRecord, SessionStore } from '../accountStore';
import { ACCOUNT_COLUMNS, toStoredAccount, type AccountRow } from '../accountRecord';
import type { Db } from './open';

const SESSION_COLUMNS = `id_hash AS idHash, account, csrf_token AS csrfToken, created_at AS createdAt,
  idle_expires_at AS idleExpiresAt, absolute_expires_at AS absoluteExpiresAt, address,
  coalesce(last_seen_at, created_at) AS lastSeenAt, agent, second_factor AS secondFactor,
  coalesce(step_up_at, created_at) AS stepUpAt`;
const THROTTLE_COLUMNS = 'failures, window_started_at AS windowStartedAt, locked_until AS lockedUntil';

/** SQLite's sessions and failed sign-ins. */
export class SqliteSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  async create(session: SessionRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO sessions (id_hash, account, csrf_token, created_at, idle_expires_at, absolute_expires_at, address,
           last_seen_at, agent, second_factor, step_up_at)
         VALUES (@idHash, @account, @csrfToken, @createdAt, @idleExpiresAt, @absoluteExpiresAt, @address,
           @lastSeenAt, @agent, @secondFactor, @stepUpAt)`,
      )
      .run(session);
  }

  async find(idHash: string): Promise<{ session: SessionRecord; account: StoredAccount } | null> {
    const session = this.db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id_hash = ?`).get(idHash) as
      SessionRecord | undefined;
    if (!session) return null;
    const account = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`).get(session.account) as
      AccountRow | undefined;
    return account ? { session, account: toStoredAccount(account) } : null;
  }

  async touch(idHash: string, idleExpiresAt: string, lastSeenAt: string): Promise<void> {
    this.db
      .prepare('UPDATE sessions SET idle_expires_at = ?, last_seen_at = ? WHERE id_hash = ?')
      .run(idleExpiresAt, lastSeenAt, idHash);
  }

  async proved(idHash: string, secondFactor: SecondFactorState, stepUpAt: string): Promise<void> {
    this.db
      .prepare('UPDATE sessions SET second_factor = ?, step_up_at = ? WHERE id_hash = ?')
      .run(secondFactor, stepUpAt, idHash);
  }

  async delete(idHash: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
  }

  async listFor(account: string): Promise<SessionRecord[]> {
    return this.db
      .prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE account = ? ORDER BY created_at, id_hash`)
      .all(account) as SessionRecord[];
  }

  async deleteOthers(account: string, keep: string): Promise<number> {
    return this.db.prepare('DELETE FROM sessions WHERE account = ? AND id_hash <> ?').run(account, keep).changes;
  }

  async prune(now: Date, countsBefore: Date, devicesBefore?: Date): Promise<number> {
    const at = now.toISOString();
    return this.db
      .transaction(
        () =>
          this.db.prepare('DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?').run(at, at)
            .changes +
          this.db
            .prepare(
              `DELETE FROM sign_in_failures
               WHERE window_started_at < ? AND (locked_until IS NULL OR locked_until <= ?)`,
            )
            .run(countsBefore.toISOString(), at).changes +
          (devicesBefore === undefined
            ? 0
            : this.db.prepare('DELETE FROM sign_in_devices WHERE last_used_at < ?').run(devicesBefore.toISOString())
                .changes),
      )
      .immediate();
  }

  async throttle(key: string): Promise<ThrottleState | null> {
    return (
      (this.db.prepare(`SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = ?`).get(key) as
        ThrottleState | undefined) ?? null
    );
  }

  async recordFailure(key: string, next: (current: ThrottleState | null) => ThrottleState): Promise<ThrottleState> {
    return this.db
      .transaction(() => {
        const current = this.db.prepare(`SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = ?`).get(key) as
          ThrottleState | undefined;
        const state = next(current ?? null);
        this.db
          .prepare(
            `INSERT INTO sign_in_failures (key, failures, window_started_at, locked_until)
             VALUES (@key, @failures, @windowStartedAt, @lockedUntil)
             ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
               window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
          )
          .run({ key, ...state });
        return state;
      })
      .immediate();
  }

  async clearFailures(key: string): Promise<void> {
    this.db.prepare('DELETE FROM sign_in_failures WHERE key = ?').run(key);
  }

  async clearAccountFailures(name: string): Promise<number> {
    const key = accountThrottleKey(name);
    return this.db
      .prepare('DELETE FROM sign_in_failures WHERE key = ? OR substr(key, 1, ?) = ?')
      .run(key, key.length + 1, `${key}|`).changes;
  }

  async locks(now: Date): Promise<{ key: string; lockedUntil: string }[]> {
    return this.db
      .prepare('SELECT key, locked_until AS lockedUntil FROM sign_in_failures WHERE locked_until > ? ORDER BY key')
      .all(now.toISOString()) as { key: string; lockedUntil: string }[];
  }

  async deviceAccount(idHash: string): Promise<string | null> {
    const account = this.db.prepare('SELECT account FROM sign_in_devices WHERE id_hash = ?').pluck().get(idHash);
    return typeof account === 'string' ? account : null;
  }

  async rememberDevice(idHash: string, account: string, at: string): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO sign_in_devices (id_hash, account, created_at, last_used_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id_hash) DO UPDATE SET last_used_at = excluded.last_used_at
         WHERE sign_in_devices.account = excluded.account`,
      )
      .run(idHash, account, at, at);
  }
}
