import type { StoredAccount } from '../../accounts/account';
import { accountThrottleKey, type ThrottleState } from '../../accounts/throttle';
import { toStoredAccount, type AccountRow } from '../accountRecord';
import type { SecondFactorState, SessionRecord, SessionStore } from '../accountStore';
import type { Executor } from '../executor';

const SESSION_COLUMNS = `s.id_hash AS "idHash", s.account, s.csrf_token AS "csrfToken", s.created_at AS "createdAt",
  s.idle_expires_at AS "idleExpiresAt", s.absolute_expires_at AS "absoluteExpiresAt", s.address,
  coalesce(s.last_seen_at, s.created_at) AS "lastSeenAt", s.agent, s.second_factor AS "secondFactor",
  coalesce(s.step_up_at, s.created_at) AS "stepUpAt"`;
/** The account's columns beside a session's: its own time as `account_created_at`. */
const JOINED_ACCOUNT_COLUMNS = `a.name, a.password_hash, a.role, a.districts, a.disabled, a.must_change_password,
  a.created_at AS account_created_at, a.last_sign_in_at, a.password_changed_at`;
const THROTTLE_COLUMNS = `failures, window_started_at AS "windowStartedAt", locked_until AS "lockedUntil"`;
/** The first key of the advisory lock a failure count is updated under (the second is the count's own). */
const THROTTLE_LOCK = 0x72766e;

type JoinedRow = SessionRecord & Omit<AccountRow, 'created_at'> & { account_created_at: string };

/** Sessions and failed sign-ins: every instance sees every session and every lock. */
export class SessionsSql implements SessionStore {
  constructor(private readonly db: Executor) {}

  async create(session: SessionRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO sessions (id_hash, account, csrf_token, created_at, idle_expires_at, absolute_expires_at, address,
         last_seen_at, agent, second_factor, step_up_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        session.idHash,
        session.account,
        session.csrfToken,
        session.createdAt,
        session.idleExpiresAt,
        session.absoluteExpiresAt,
        session.address,
        session.lastSeenAt,
        session.agent,
        session.secondFactor,
        session.stepUpAt,
      ],
    );
  }

  async find(idHash: string): Promise<{ session: SessionRecord; account: StoredAccount } | null> {
    // One statement: every console request reads its session.
    const row = await this.db.get<JoinedRow>(
      `SELECT ${SESSION_COLUMNS}, ${JOINED_ACCOUNT_COLUMNS}
       FROM sessions s JOIN accounts a ON a.name = s.account WHERE s.id_hash = ?`,
      [idHash],
    );
    if (!row) return null;
    const { idHash: id, account, csrfToken, createdAt, idleExpiresAt, absoluteExpiresAt } = row;
    const { address, lastSeenAt, agent, secondFactor, stepUpAt } = row;
    return {
      session: {
        ...{ idHash: id, account, csrfToken, createdAt, idleExpiresAt, absoluteExpiresAt },
        ...{ address, lastSeenAt, agent, secondFactor, stepUpAt },
      },
      account: toStoredAccount({ ...row, created_at: row.account_created_at }),
    };
  }

  async touch(idHash: string, idleExpiresAt: string, lastSeenAt: string): Promise<void> {
    await this.db.run('UPDATE sessions SET idle_expires_at = ?, last_seen_at = ? WHERE id_hash = ?', [
      idleExpiresAt,
      lastSeenAt,
      idHash,
    ]);
  }

  async proved(idHash: string, secondFactor: SecondFactorState, stepUpAt: string): Promise<void> {
    await this.db.run('UPDATE sessions SET second_factor = ?, step_up_at = ? WHERE id_hash = ?', [
      secondFactor,
      stepUpAt,
      idHash,
    ]);
  }

  async delete(idHash: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
  }

  listFor(account: string): Promise<SessionRecord[]> {
    return this.db.all<SessionRecord>(
      `SELECT ${SESSION_COLUMNS} FROM sessions s WHERE s.account = ? ORDER BY s.created_at, s.id_hash`,
      [account],
    );
  }

  deleteOthers(account: string, keep: string): Promise<number> {
    return this.db.run('DELETE FROM sessions WHERE account = ? AND id_hash <> ?', [account, keep]);
  }

  prune(now: Date, countsBefore: Date, devicesBefore?: Date): Promise<number> {
    const at = now.toISOString();
    return this.db.transaction(
      async (tx) =>
        (await tx.run('DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?', [at, at])) +
        (await tx.run(
          'DELETE FROM sign_in_failures WHERE window_started_at < ? AND (locked_until IS NULL OR locked_until <= ?)',
          [countsBefore.toISOString(), at],
        )) +
        (devicesBefore === undefined
          ? 0
          : await tx.run('DELETE FROM sign_in_devices WHERE last_used_at < ?', [devicesBefore.toISOString()])),
    );
  }

  async throttle(key: string): Promise<ThrottleState | null> {
    return (
      (await this.db.get<ThrottleState>(`SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = ?`, [key])) ??
      null
    );
  }

  recordFailure(key: string, next: (current: ThrottleState | null) => ThrottleState): Promise<ThrottleState> {
    return this.db.transaction(async (tx) => {
      // Two instances counting the same key at once take turns: no failure is lost.
      await tx.lock(THROTTLE_LOCK, key);
      const current = await tx.get<ThrottleState>(`SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = ?`, [
        key,
      ]);
      const state = next(current ?? null);
      await tx.run(
        `INSERT INTO sign_in_failures (key, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
           window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
        [key, state.failures, state.windowStartedAt, state.lockedUntil],
      );
      return state;
    });
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.run('DELETE FROM sign_in_failures WHERE key = ?', [key]);
  }

  clearAccountFailures(name: string): Promise<number> {
    const key = accountThrottleKey(name);
    return this.db.run('DELETE FROM sign_in_failures WHERE key = ? OR substr(key, 1, ?) = ?', [
      key,
      key.length + 1,
      `${key}|`,
    ]);
  }

  locks(now: Date): Promise<{ key: string; lockedUntil: string }[]> {
    return this.db.all(
      'SELECT key, locked_until AS "lockedUntil" FROM sign_in_failures WHERE locked_until > ? ORDER BY key',
      [now.toISOString()],
    );
  }

  async deviceAccount(idHash: string): Promise<string | null> {
    const row = await this.db.get<{ account: string }>('SELECT account FROM sign_in_devices WHERE id_hash = ?', [
      idHash,
    ]);
    return row?.account ?? null;
  }

  async rememberDevice(idHash: string, account: string, at: string): Promise<void> {
    await this.db.run(
      `INSERT INTO sign_in_devices (id_hash, account, created_at, last_used_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id_hash) DO UPDATE SET last_used_at = excluded.last_used_at
       WHERE sign_in_devices.account = excluded.account`,
      [idHash, account, at, at],
    );
  }
}
