import { createHash, randomBytes } from 'node:crypto';
import type { Account, StoredAccount } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import { newSessionTimes, refreshedIdleExpiry, sessionLive, type SessionPolicy } from '../accounts/sessionTimes';
import type { SecondFactorState, SessionRecord, SessionStore } from '../db/accountStore';
import type { OwnSession } from '../../shared/contract/ownSession';

/** 256 bits from the system's CSPRNG, base64url: 43 characters (ASVS 3.2.2 asks for at least 64 bits of entropy). */
const ID_BYTES = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newToken = (): string => randomBytes(ID_BYTES).toString('base64url');

/** What the database keeps of a session id: its SHA-256, so a copy of the database signs nobody in. */
export const sessionIdHash = (id: string): string => createHash('sha256').update(id).digest('hex');

/**
 * How the person's list of sessions names one: derived from the id's hash, so it gives away neither the id nor the
 * key the database keeps (decision 0055).
 */
export const sessionHandle = (idHash: string): string =>
  createHash('sha256').update(`session handle:${idHash}`).digest('base64url').slice(0, 22);

/** One of a person's live sessions, as the contract lists it (shared/contract/ownSession.ts). */
export type { OwnSession };

/** A session that is live, with its account as it is now. */
export interface SignedIn {
  session: SessionRecord;
  account: StoredAccount;
}

/**
 * Sessions of the console, kept by the engine's SessionStore: an id in the cookie, its hash in the database, an idle
 * and an absolute expiry. A session ends when it expires, when it is signed out, and when its account is disabled
 * or its password changes (the store deletes it; a session older than the password is refused all the same).
 */
export class Sessions {
  constructor(
    private readonly store: SessionStore,
    readonly policy: SessionPolicy,
    private readonly clock: Clock,
  ) {}

  /** A new session for `account`, with a new id and a new CSRF token: the id the cookie carries, and the record. */
  async start(
    account: Pick<Account, 'name'>,
    address: string,
    agent: string,
    secondFactor: SecondFactorState = 'done',
  ): Promise<{ id: string; session: SessionRecord }> {
    const id = newToken();
    const times = newSessionTimes(this.clock(), this.policy);
    const session: SessionRecord = {
      idHash: sessionIdHash(id),
      account: account.name,
      csrfToken: newToken(),
      address,
      agent,
      lastSeenAt: times.createdAt,
      secondFactor,
      stepUpAt: times.createdAt,
      ...times,
    };
    await this.store.create(session);
    return { id, session };
  }

  /**
   * The live session of the id a cookie carried, its idle expiry moved on (at most once a minute, or now with
   * `refresh`); null for an id that is malformed, unknown, expired, or whose account may no longer sign in.
   */
  async resume(id: string, refresh = false): Promise<SignedIn | null> {
    if (!ID_PATTERN.test(id)) return null;
    const idHash = sessionIdHash(id);
    const found = await this.store.find(idHash);
    if (!found) return null;
    const now = this.clock();
    const { session, account } = found;
    if (!sessionLive(session, now) || account.disabled || session.createdAt < account.passwordChangedAt) {
      await this.store.delete(idHash);
      return null;
    }
    const idleExpiresAt = refreshedIdleExpiry(session, now, this.policy, refresh);
    if (idleExpiresAt === null) return found;
    const lastSeenAt = now.toISOString();
    await this.store.touch(idHash, idleExpiresAt, lastSeenAt);
    return { account, session: { ...session, idleExpiresAt, lastSeenAt } };
  }

  /** The account's live sessions, oldest first, the one of `current` (a session's `idHash`) marked. */
  async listOwn(account: string, current: string): Promise<OwnSession[]> {
    const now = this.clock();
    return (await this.store.listFor(account))
      .filter((session) => sessionLive(session, now))
      .map(({ idHash, createdAt, lastSeenAt, address, agent }) => ({
        handle: sessionHandle(idHash),
        createdAt,
        lastSeenAt,
        address,
        agent,
        current: idHash === current,
      }));
  }

  /** Ends the account's session named by `handle`, never `current`: false when it has none such (or it is current). */
  async endOwn(account: string, handle: string, current: string): Promise<boolean> {
    const found = (await this.store.listFor(account)).find((session) => sessionHandle(session.idHash) === handle);
    if (!found || found.idHash === current) return false;
    await this.store.delete(found.idHash);
    return true;
  }

  /** Ends every session of the account but `current`; how many of them were live (expired ones go too). */
  async endOthers(account: string, current: string): Promise<number> {
    const live = (await this.listOwn(account, current)).filter((session) => !session.current).length;
    await this.store.deleteOthers(account, current);
    return live;
  }

  /** The person proved who they are just now (a code, a password again): `secondFactor` is where signing in is. */
  async proved(session: SessionRecord, secondFactor: SecondFactorState): Promise<SessionRecord> {
    const stepUpAt = this.clock().toISOString();
    await this.store.proved(session.idHash, secondFactor, stepUpAt);
    return { ...session, secondFactor, stepUpAt };
  }

  /** Whether the session's last proof of who is there is recent enough for an admin act. */
  steppedUp(session: SessionRecord, freshMs: number): boolean {
    return this.clock().getTime() - Date.parse(session.stepUpAt) < freshMs;
  }

  /** Ends every session of the account (its factors reset). */
  async endAll(account: string): Promise<void> {
    await this.store.deleteOthers(account, '');
  }

  /** Ends the session of this id, if there is one. */
  async end(id: string): Promise<void> {
    if (ID_PATTERN.test(id)) await this.store.delete(sessionIdHash(id));
  }
}
