import type { StoredAccount } from '../accounts/account';
import { couldBeAccountName, normalizeAccountName } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import { hashPassword, needsRehash, passwordMatches } from '../accounts/passwordHash';
import {
  ACCOUNT_THROTTLE,
  accountThrottleKey,
  ADDRESS_THROTTLE,
  addressThrottleKey,
  afterFailure,
  lockedUntil,
  secondsUntil,
  type ThrottlePolicy,
} from '../accounts/throttle';
import type { AccountStore, SessionStore } from '../db/accountStore';

/** Why a password was not accepted, in the words of the API (errors.ts CONSOLE_ERROR_KEYS). */
export type Refusal =
  { outcome: 'badCredentials' } | { outcome: 'accountLocked' | 'tooManyAttempts'; retryAfterSeconds: number };

export type SignInResult = { outcome: 'signedIn'; account: StoredAccount } | Refusal;

export interface SignInPolicies {
  account: ThrottlePolicy;
  address: ThrottlePolicy;
}

/**
 * Checks a name and password, counting failures per account name and per client address (accounts/throttle.ts).
 * Every refusal of a name that exists and one that does not takes the same steps: the same reads, one argon2
 * verification (against a dummy hash when there is no account, or it is disabled), the same two writes. A locked name
 * or address is refused before any password is checked, whoever asks, so a lock tells nothing about an account either.
 */
export class SignInGate {
  constructor(
    private readonly accounts: AccountStore,
    private readonly store: SessionStore,
    private readonly clock: Clock,
    /** Made once per server: a random password's hash with today's parameters. */
    private readonly dummyHash: Promise<string>,
    private readonly policies: SignInPolicies = { account: ACCOUNT_THROTTLE, address: ADDRESS_THROTTLE },
  ) {}

  async signIn(typedName: string, password: string, address: string): Promise<SignInResult> {
    const name = normalizeAccountName(typedName);
    const locked = await this.lockFor(name, address);
    if (locked) return locked;
    const account = couldBeAccountName(name) ? await this.accounts.get(name) : null;
    const matches = await passwordMatches(account?.passwordHash ?? (await this.dummyHash), password);
    if (!account || !matches || account.disabled) return this.failed(name, address);
    await this.store.clearFailures(accountThrottleKey(name));
    const at = this.clock().toISOString();
    await this.accounts.recordSignIn(name, at);
    // A hash made with weaker parameters than today's is made again while the password is at hand.
    if (needsRehash(account.passwordHash)) {
      await this.accounts.update(name, { passwordHash: await hashPassword(password) });
    }
    return { outcome: 'signedIn', account: { ...account, lastSignInAt: at } };
  }

  /**
   * The signed-in person's current password, before it is changed: counted like a sign-in, so a session left open
   * cannot be used to guess it.
   */
  async confirmPassword(account: StoredAccount, password: string, address: string): Promise<Refusal | null> {
    const locked = await this.lockFor(account.name, address);
    if (locked) return locked;
    if (await passwordMatches(account.passwordHash, password)) return null;
    return this.failed(account.name, address);
  }

  private async lockFor(name: string, address: string): Promise<Refusal | null> {
    const now = this.clock();
    const [byAddress, byName] = await Promise.all([
      this.store.throttle(addressThrottleKey(address)),
      this.store.throttle(accountThrottleKey(name)),
    ]);
    const addressUntil = lockedUntil(byAddress, now);
    if (addressUntil) return { outcome: 'tooManyAttempts', retryAfterSeconds: secondsUntil(addressUntil, now) };
    const nameUntil = lockedUntil(byName, now);
    if (nameUntil) return { outcome: 'accountLocked', retryAfterSeconds: secondsUntil(nameUntil, now) };
    return null;
  }

  /** Counts the failure against the name and the address; the failure that reaches a limit is told of the lock. */
  private async failed(name: string, address: string): Promise<Refusal> {
    const now = this.clock();
    const [byName, byAddress] = await Promise.all([
      this.store.recordFailure(accountThrottleKey(name), (state) => afterFailure(state, now, this.policies.account)),
      this.store.recordFailure(addressThrottleKey(address), (state) => afterFailure(state, now, this.policies.address)),
    ]);
    const nameUntil = lockedUntil(byName, now);
    if (nameUntil) return { outcome: 'accountLocked', retryAfterSeconds: secondsUntil(nameUntil, now) };
    const addressUntil = lockedUntil(byAddress, now);
    if (addressUntil) return { outcome: 'tooManyAttempts', retryAfterSeconds: secondsUntil(addressUntil, now) };
    return { outcome: 'badCredentials' };
  }
}
