import type { StoredAccount } from '../../accounts/account';
import { accountThrottleKey, type ThrottleState } from '../../accounts/throttle';
import { toStoredAccount, type AccountRow } from '../accountRecord';
import type { SecondFactorState, SessionRecord, SessionStore } from '../accountStore';
import { inTransaction } from './pool';
import type pg from 'pg';

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

/** PostgreSQL's sessions and failed sign-ins: every instance sees every session and every lock. */
export class PgSessionStore implements SessionStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(session: SessionRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO sessions (id_hash, account, csrf_token, created_at, idle_expires_at, absolute_expires_at, address,
         last_seen_at, agent, second_factor, step_up_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
    // One round trip: every console request reads its session.
    const { rows } = await this.pool.query<
      SessionRecord & Omit<AccountRow, 'created_at'> & { account_created_at: string }
    >(
      `SELECT ${SESSION_COLUMNS}, ${JOINED_ACCOUNT_COLUMNS}
       FROM sessions s JOIN accounts a ON a.name = s.account WHERE s.id_hash = $1`,
      [idHash],
    );
    const row = rows[0];
    if (!row) return null;
    const {
      idHash: id,
      account,
      csrfToken,
      createdAt,
      idleExpiresAt,
      absoluteExpiresAt,
      address,
      lastSeenAt,
      agent,
      secondFactor,
      stepUpAt,
    } = row;
    return {
      session: {
        idHash: id,
        account,
        csrfToken,
        createdAt,
        idleExpiresAt,
        absoluteExpiresAt,
        address,
        lastSeenAt,
        agent,
        secondFactor,
        stepUpAt,
      },
      account: toStoredAccount({ ...row, created_at: row.account_created_at }),
    };
  }

  async touch(idHash: string, idleExpiresAt: string, lastSeenAt: string): Promise<void> {
    await this.pool.query('UPDATE sessions SET idle_expires_at = $1, last_seen_at = $2 WHERE id_hash = $3', [
      idleExpiresAt,
      lastSeenAt,
      idHash,
    ]);
  }

  async proved(idHash: string, secondFactor: SecondFactorState, stepUpAt: string): Promise<void> {
    await this.pool.query('UPDATE sessions SET second_factor = $1, step_up_at = $2 WHERE id_hash = $3', [
      secondFactor,
      stepUpAt,
      idHash,
    ]);
  }

  async delete(idHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
  }

  async listFor(account: string): Promise<SessionRecord[]> {
    const { rows } = await this.pool.query<SessionRecord>(
      `SELECT ${SESSION_COLUMNS} FROM sessions s WHERE s.account = $1 ORDER BY s.created_at, s.id_hash`,
      [account],
    );
    return rows;
  }

  async deleteOthers(account: string, keep: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM sessions WHERE account = $1 AND id_hash <> $2', [
      account,
      keep,
    ]);
    return rowCount ?? 0;
  }

  prune(now: Date, countsBefore: Date, devicesBefore?: Date): Promise<number> {
    const at = now.toISOString();
    return inTransaction(this.pool, {}, async (client) => {
      const sessions = await client.query(
        'DELETE FROM sessions WHERE idle_expires_at <= $1 OR absolute_expires_at <= $1',
        [at],
      );
      const counts = await client.query(
        'DELETE FROM sign_in_failures WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until <= $2)',
        [countsBefore.toISOString(), at],
      );
      const devices =
        devicesBefore === undefined
          ? null
          : await client.query('DELETE FROM sign_in_devices WHERE last_used_at < $1', [devicesBefore.toISOString()]);
      return (sessions.rowCount ?? 0) + (counts.rowCount ?? 0) + (devices?.rowCount ?? 0);
    });
  }

  async throttle(key: string): Promise<ThrottleState | null> {
    const { rows } = await this.pool.query<ThrottleState>(
      `SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = $1`,
      [key],
    );
    return rows[0] ?? null;
  }

  recordFailure(key: string, next: (current: ThrottleState | null) => ThrottleState): Promise<ThrottleState> {
    return inTransaction(this.pool, {}, async (client) => {
      // Two instances counting the same key at once take turns: no failure is lost.
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK, key]);
      const { rows } = await client.query<ThrottleState>(
        `SELECT ${THROTTLE_COLUMNS} FROM sign_in_failures WHERE key = $1`,
        [key],
      );
      const state = next(rows[0] ?? null);
      await client.query(
        `INSERT INTO sign_in_failures (key, failures, window_started_at, locked_until) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
           window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
        [key, state.failures, state.windowStartedAt, state.lockedUntil],
      );
      return state;
    });
  }

  async clearFailures(key: string): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
  }

  async clearAccountFailures(name: string): Promise<number> {
    const key = accountThrottleKey(name);
    const { rowCount } = await this.pool.query('DELETE FROM sign_in_failures WHERE key = $1 OR left(key, $2) = $3', [
      key,
      key.length + 1,
      `${key}|`,
    ]);
    return rowCount ?? 0;
  }

  async locks(now: Date): Promise<{ key: string; lockedUntil: string }[]> {
    const { rows } = await this.pool.query<{ key: string; lockedUntil: string }>(
      'SELECT key, locked_until AS "lockedUntil" FROM sign_in_failures WHERE locked_until > $1 ORDER BY key',
      [now.toISOString()],
    );
    return rows;
  }

  async deviceAccount(idHash: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ account: string }>(
      'SELECT account FROM sign_in_devices WHERE id_hash = $1',
      [idHash],
    );
    return rows[0]?.account ?? null;
  }

  async rememberDevice(idHash: string, account: string, at: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO sign_in_devices (id_hash, account, created_at, last_used_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (id_hash) DO UPDATE SET last_used_at = excluded.last_used_at
       WHERE sign_in_devices.account = excluded.account`,
      [idHash, account, at],
    );
  }
}
