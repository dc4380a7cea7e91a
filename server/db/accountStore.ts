import type { Account, StoredAccount } from '../accounts/account';
import type { SessionTimes } from '../accounts/sessionTimes';
import type { ThrottleState } from '../accounts/throttle';

/** What may change of an account; each given field is written. */
export type AccountChanges = Partial<
  Pick<StoredAccount, 'role' | 'districts' | 'disabled' | 'mustChangePassword' | 'passwordHash' | 'passwordChangedAt'>
>;

/** The change would leave no admin who may sign in: nothing was written. */
export class LastAdminError extends Error {
  override name = 'LastAdminError';
  constructor() {
    super('the last active admin cannot be disabled or given another role');
  }
}

export interface UpdateOptions {
  /**
   * Delete the account's sessions in the same transaction (a password changed, an account disabled), and forget the
   * browsers it signed in from.
   */
  endSessions?: boolean;
  /**
   * Refuse the change (LastAdminError, nothing written) when it leaves no admin who is not disabled; checked in the
   * same transaction, so two admins demoting each other at once cannot both succeed.
   */
  keepAnAdmin?: boolean;
}

/** The people who sign in to the console. Names are normalized by the caller (accounts/account.ts). */
export interface AccountStore {
  /** False, and nothing written, when the name is taken. */
  add(account: StoredAccount): Promise<boolean>;
  get(name: string): Promise<StoredAccount | null>;
  /** Every account, by name. */
  list(): Promise<Account[]>;
  /** Writes the changes, in one transaction with what `options` ask. Null when there is no such account. */
  update(name: string, changes: AccountChanges, options?: UpdateOptions): Promise<Account | null>;
  recordSignIn(name: string, at: string): Promise<void>;
}

/**
 * Where a session is in signing in (decision 0068): `done` when the password (and the second factor, if the person
 * has one) was given; `pending` until the second factor is; `enrol` when the factor policy asks for one the person
 * has not yet set up (only enrolment answers until then).
 */
export const SECOND_FACTOR_STATES = ['done', 'pending', 'enrol'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/** A signed-in session as stored: the id itself never is, only its SHA-256. */
export interface SessionRecord extends SessionTimes {
  idHash: string;
  account: string;
  /** The synchronizer token the console sends back in `x-csrf-token` (decision 0044). */
  csrfToken: string;
  /** The client address at sign-in. */
  address: string;
  /**
   * The last request that moved the idle expiry on: to within a minute, or a quarter of a shorter idle time
   * (touchGranularityMs).
   */
  lastSeenAt: string;
  /** The browser and system at sign-in, e.g. "Firefox 133 · Windows" (accounts/userAgent.ts); '' when unknown. */
  agent: string;
  secondFactor: SecondFactorState;
  /** The last time the person proved who they are in this session (a password, a code): admin acts ask for a recent one. */
  stepUpAt: string;
}

/** Sessions and the counts of failed sign-ins, shared by every instance on one database. */
export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  /** The session and its account, whatever their times (the caller judges them); null when either is gone. */
  find(idHash: string): Promise<{ session: SessionRecord; account: StoredAccount } | null>;
  touch(idHash: string, idleExpiresAt: string, lastSeenAt: string): Promise<void>;
  /** Records a proof of who is there: the session's step of signing in, and its time. */
  proved(idHash: string, secondFactor: SecondFactorState, stepUpAt: string): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Every session of the account, whatever their times, oldest first. */
  listFor(account: string): Promise<SessionRecord[]>;
  /** Deletes every session of the account but the one of `keep`; how many. */
  deleteOthers(account: string, keep: string): Promise<number>;
  /**
   * Deletes the sessions past either expiry, the failure counts whose window began before `countsBefore` and that
   * lock nothing at `now`, and the browsers last used before `devicesBefore`; how many rows in all.
   */
  prune(now: Date, countsBefore: Date, devicesBefore?: Date): Promise<number>;
  throttle(key: string): Promise<ThrottleState | null>;
  /** Writes `next(current)` for `key`, atomically against other instances; answers what was written. */
  recordFailure(key: string, next: (current: ThrottleState | null) => ThrottleState): Promise<ThrottleState>;
  clearFailures(key: string): Promise<void>;
  /** Deletes every count of the name (`account:<name>` and those after its `|`): an admin's unlock. How many. */
  clearAccountFailures(name: string): Promise<number>;
  /** The counts that lock something after `now`: their keys and until when. */
  locks(now: Date): Promise<{ key: string; lockedUntil: string }[]>;
  /** The account a browser's device cookie (its SHA-256) was given to at a sign-in, or null. */
  deviceAccount(idHash: string): Promise<string | null>;
  /** Records a sign-in from that browser: a new one, or the last use of one known. */
  rememberDevice(idHash: string, account: string, at: string): Promise<void>;
}
