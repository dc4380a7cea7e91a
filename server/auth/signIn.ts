import type { StoredAccount } from '../accounts/account';
import { couldBeAccountName, normalizeAccountName } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import { hashPassword, needsRehash, passwordMatches } from '../accounts/passwordHash';
import { deviceIdHash, looksLikeDeviceId, newDeviceId } from '../accounts/signInDevice';
import {
  ACCOUNT_ADDRESS_THROTTLE,
  ACCOUNT_THROTTLE,
  accountAddressThrottleKey,
  accountThrottleKey,
  ADDRESS_THROTTLE,
  addressThrottleKey,
  afterFailure,
  DEVICE_THROTTLE,
  deviceThrottleKey,
  lockedUntil,
  secondsUntil,
  type ThrottlePolicy,
} from '../accounts/throttle';
import type { AccountStore, SessionStore } from '../db/accountStore';

/** Why a password was not accepted, in the words of the API (errors.ts CONSOLE_ERROR_KEYS). */
export type Refusal =
  { outcome: 'badCredentials' } | { outcome: 'accountLocked' | 'tooManyAttempts'; retryAfterSeconds: number };

/** A sign-in that succeeded: the account, and the device id the browser keeps in its cookie from now on. */
export type SignInResult = { outcome: 'signedIn'; account: StoredAccount; device: string } | Refusal;

export interface SignInPolicies {
  /** A name's failures from one address. */
  accountAddress: ThrottlePolicy;
  /** A name's failures from every client it has not signed in from. */
  account: ThrottlePolicy;
  /** A name's failures from one browser it signed in from. */
  device: ThrottlePolicy;
  /** An address's failures, whatever the name, from clients the name has not signed in from. */
  address: ThrottlePolicy;
}

export const SIGN_IN_POLICIES: SignInPolicies = {
  accountAddress: ACCOUNT_ADDRESS_THROTTLE,
  account: ACCOUNT_THROTTLE,
  device: DEVICE_THROTTLE,
  address: ADDRESS_THROTTLE,
};

/** Who is signing in, as far as the server can tell before the password is checked. */
export interface SignInClient {
  address: string;
  /** The device cookie the browser sent (security/sessionCookie.ts), if any. */
  device?: string | undefined;
}

/** One count an attempt is held by, and adds to when it fails. */
interface Count {
  key: string;
  policy: ThrottlePolicy;
  refusal: 'accountLocked' | 'tooManyAttempts';
}

/** The counts that apply to an attempt: `own` is cleared when it succeeds; `device` is a browser the name knows. */
interface Counts {
  all: Count[];
  own: string;
  device: string | null;
}

/**
 * Checks a name and password, counting failures per name and address, per name, per name and browser, and per
 * address (accounts/throttle.ts, decision 0061). Every refusal of a name that exists and one that does not takes the
 * same steps: the same reads, one argon2 verification (against a dummy hash when there is no account, or it is
 * disabled), the same writes. A locked count is refused before any password is checked, whoever asks, so a lock tells
 * nothing about an account either.
 */
export class SignInGate {
  constructor(
    private readonly accounts: AccountStore,
    private readonly store: SessionStore,
    private readonly clock: Clock,
    /** Made once per server: a random password's hash with today's parameters. */
    private readonly dummyHash: Promise<string>,
    private readonly policies: SignInPolicies = SIGN_IN_POLICIES,
  ) {}

  async signIn(typedName: string, password: string, client: SignInClient): Promise<SignInResult> {
    const name = normalizeAccountName(typedName);
    const counts = await this.countsFor(name, client);
    const locked = await this.lockFor(counts);
    if (locked) return locked;
    const account = couldBeAccountName(name) ? await this.accounts.get(name) : null;
    const matches = await passwordMatches(account?.passwordHash ?? (await this.dummyHash), password);
    if (!account || !matches || account.disabled) return this.failed(counts);
    // A hash made with weaker parameters than today's is made again while the password is at hand.
    if (needsRehash(account.passwordHash)) {
      await this.accounts.update(name, { passwordHash: await hashPassword(password) });
    }
    return this.signedIn(account, counts);
  }

  /**
   * A sign-in with another proof than the password (a passkey alone, decision 0071): held and counted by the same
   * counts as the name's passwords; `check` is asked only of an account that may sign in. `name` is the account the
   * proof claims, or one no account has (an unknown passkey), whose failures still count against the address.
   */
  async signInWith(name: string, client: SignInClient, check: () => Promise<boolean>): Promise<SignInResult> {
    const counts = await this.countsFor(name, client);
    const locked = await this.lockFor(counts);
    if (locked) return locked;
    const account = couldBeAccountName(name) ? await this.accounts.get(name) : null;
    if (!account || account.disabled || !(await check())) return this.failed(counts);
    return this.signedIn(account, counts);
  }

  private async signedIn(account: StoredAccount, counts: Counts): Promise<SignInResult> {
    await this.clearOnSuccess(account.name, counts);
    const at = this.clock().toISOString();
    await this.accounts.recordSignIn(account.name, at);
    const device = await this.rememberBrowser(account.name, counts.device ?? undefined);
    return { outcome: 'signedIn', account: { ...account, lastSignInAt: at }, device };
  }

  /**
   * The signed-in person's current password, before it is changed: counted like a sign-in, so a session left open
   * cannot be used to guess it.
   */
  confirmPassword(account: StoredAccount, password: string, client: SignInClient): Promise<Refusal | null> {
    return this.attempt(account.name, client, () => passwordMatches(account.passwordHash, password));
  }

  /**
   * Any other proof of who the person is (a one-time code, a recovery code, a password again), held and counted by
   * the same counts as the passwords of the name (ASVS 2.2.1): refused while one is locked, a failure added to each
   * when `check` answers false.
   */
  async attempt(name: string, client: SignInClient, check: () => Promise<boolean>): Promise<Refusal | null> {
    const counts = await this.countsFor(name, client);
    const locked = await this.lockFor(counts);
    if (locked) return locked;
    return (await check()) ? null : this.failed(counts);
  }

  /**
   * Records that `name` signed in from this browser: its device id if it had one of this name's, else a new one.
   * Answers the id for the browser's cookie.
   */
  async rememberBrowser(name: string, device: string | undefined): Promise<string> {
    const known = device !== undefined && (await this.knownDevice(name, device)) ? device : newDeviceId();
    await this.store.rememberDevice(deviceIdHash(known), name, this.clock().toISOString());
    return known;
  }

  /**
   * A success clears the name's count from this address or browser, and its count from browsers it has not signed in
   * from unless that one locks now: a stranger's many addresses keep their lock, but not the failures before it.
   */
  private async clearOnSuccess(name: string, counts: Counts): Promise<void> {
    await this.store.clearFailures(counts.own);
    const key = accountThrottleKey(name);
    if (lockedUntil(await this.store.throttle(key), this.clock()) === null) await this.store.clearFailures(key);
  }

  private async knownDevice(name: string, device: string): Promise<boolean> {
    return looksLikeDeviceId(device) && (await this.store.deviceAccount(deviceIdHash(device))) === name;
  }

  /** A browser the name signed in from has its own count only; any other client, the three others. */
  private async countsFor(name: string, client: SignInClient): Promise<Counts> {
    const { device, address } = client;
    if (device !== undefined && (await this.knownDevice(name, device))) {
      const key = deviceThrottleKey(name, deviceIdHash(device));
      return { all: [{ key, policy: this.policies.device, refusal: 'accountLocked' }], own: key, device };
    }
    const own = accountAddressThrottleKey(name, address);
    return {
      all: [
        { key: own, policy: this.policies.accountAddress, refusal: 'accountLocked' },
        { key: accountThrottleKey(name), policy: this.policies.account, refusal: 'accountLocked' },
        { key: addressThrottleKey(address), policy: this.policies.address, refusal: 'tooManyAttempts' },
      ],
      own,
      device: null,
    };
  }

  /** The first count that is locked now, the address's before a name's (it says less about the name). */
  private async lockFor(counts: Counts): Promise<Refusal | null> {
    const now = this.clock();
    const states = await Promise.all(counts.all.map((count) => this.store.throttle(count.key)));
    const found = counts.all
      .map((count, i) => ({ refusal: count.refusal, until: lockedUntil(states[i] ?? null, now) }))
      .sort((a, b) => Number(a.refusal === 'accountLocked') - Number(b.refusal === 'accountLocked'))
      .find(({ until }) => until !== null);
    return found ? { outcome: found.refusal, retryAfterSeconds: secondsUntil(found.until!, now) } : null;
  }

  /** Counts the failure on each of the attempt's counts; the failure that reaches a limit is told of the lock. */
  private async failed(counts: Counts): Promise<Refusal> {
    const now = this.clock();
    const states = await Promise.all(
      counts.all.map((count) => this.store.recordFailure(count.key, (state) => afterFailure(state, now, count.policy))),
    );
    const found = counts.all
      .map((count, i) => ({ refusal: count.refusal, until: lockedUntil(states[i] ?? null, now) }))
      .find(({ until }) => until !== null);
    if (found) return { outcome: found.refusal, retryAfterSeconds: secondsUntil(found.until!, now) };
    return { outcome: 'badCredentials' };
  }
}
