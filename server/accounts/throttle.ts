/**
 * Failed sign-ins, counted in a window; too many in one window lock that key for a while (decision 0061). A name's
 * failures are counted whether or not the account exists, so a lock tells nothing about it:
 *
 * - per name and address: a stranger's address guessing at a name is locked out of that name, and no one else is;
 * - per name, from every client the name has not signed in from: many addresses guessing at one name lock it, but
 *   only for clients it has not signed in from, so its own person still gets in;
 * - per name and browser it signed in from (its device cookie): that browser's own count, held by nothing else;
 * - per address, whatever the name, for clients the name has not signed in from.
 *
 * A sign-in that succeeds clears the count of its name from that address or browser, and the name's count from new
 * browsers unless that one locks (then its lock runs out); never an address's.
 */
export interface ThrottlePolicy {
  /** The failure that reaches this count locks the key. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE_MS = 60_000;

/** 5 wrong passwords for one name from one address in 15 minutes lock the name for that address. */
export const ACCOUNT_ADDRESS_THROTTLE: ThrottlePolicy = {
  maxFailures: 5,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
/**
 * 20 wrong passwords for one name from clients it has not signed in from, in 15 minutes, lock the name for all of
 * them: at most 80 guesses an hour however many addresses guess (ASVS 2.2.1 asks for fewer than 100).
 */
export const ACCOUNT_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/** 5 wrong passwords from a browser the name signed in from, in 15 minutes, lock that browser. */
export const DEVICE_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/** One address guessing at many names: 20 failures in 15 minutes stop it for 15 minutes. */
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };

/** One key's count as stored. Times ISO 8601, UTC. */
export interface ThrottleState {
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}

/*
 * Every count of a name's starts with `account:<name>`; what follows is after a `|`, which no name holds
 * (accounts/account.ts), so one name's counts are never another's.
 */
export const accountThrottleKey = (name: string): string => `account:${name}`;
export const accountAddressThrottleKey = (name: string, address: string): string =>
  `account:${name}|address:${address}`;
export const deviceThrottleKey = (name: string, deviceHash: string): string => `account:${name}|device:${deviceHash}`;
export const addressThrottleKey = (address: string): string => `address:${address}`;

/** The name whose count a key is, or null for an address's. */
export function throttleKeyAccount(key: string): string | null {
  if (!key.startsWith('account:')) return null;
  const rest = key.slice('account:'.length);
  const bar = rest.indexOf('|');
  return bar === -1 ? rest : rest.slice(0, bar);
}

/** When the key opens again, or null when it is not locked at `now`. */
export function lockedUntil(state: ThrottleState | null, now: Date): Date | null {
  if (state?.lockedUntil == null) return null;
  const until = new Date(state.lockedUntil);
  return until > now ? until : null;
}

/** The count after one more failure at `now`: a new window once the last one (or its lock) is over. */
export function afterFailure(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const windowOver = state === null || now.getTime() - Date.parse(state.windowStartedAt) >= policy.windowMs;
  const lockOver = state?.lockedUntil != null && lockedUntil(state, now) === null;
  const failures = windowOver || lockOver ? 1 : state.failures + 1;
  return {
    failures,
    windowStartedAt: windowOver || lockOver ? now.toISOString() : state.windowStartedAt,
    lockedUntil: failures >= policy.maxFailures ? new Date(now.getTime() + policy.lockMs).toISOString() : null,
  };
}

/** Whether a stored count can be forgotten: its window and any lock are over. */
export function throttleExpired(state: ThrottleState, now: Date, policy: ThrottlePolicy): boolean {
  return lockedUntil(state, now) === null && now.getTime() - Date.parse(state.windowStartedAt) >= policy.windowMs;
}

/** Whole seconds until `until`, at least 1: what Retry-After and `retryAfterSeconds` say. */
export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
