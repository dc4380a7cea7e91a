/**
 * Failed sign-ins, counted per account name (whether or not the account exists, so a lock tells nothing about it)
 * and per client address, in a window; too many in one window lock that key for a while. A sign-in that succeeds
 * clears its account's count, never its address's.
 */
export interface ThrottlePolicy {
  /** The failure that reaches this count locks the key. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE_MS = 60_000;

/** 5 wrong passwords in 15 minutes lock the account name for 15 minutes: at most 20 guesses an hour (ASVS 2.2.1). */
export const ACCOUNT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/** One address guessing at many names: 20 failures in 15 minutes stop it for 15 minutes. */
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };

/** One key's count as stored. Times ISO 8601, UTC. */
export interface ThrottleState {
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}

export const accountThrottleKey = (name: string): string => `account:${name}`;
export const addressThrottleKey = (address: string): string => `address:${address}`;

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
