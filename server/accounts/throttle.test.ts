import { describe, expect, it } from 'vitest';
import { afterFailure, lockedUntil, secondsUntil, throttleExpired, type ThrottleState } from './throttle';

const policy = { maxFailures: 3, windowMs: 60_000, lockMs: 300_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 8, 0, seconds));

/** The state after a failure at each of `seconds`. */
const failures = (...seconds: number[]): ThrottleState | null =>
  seconds.reduce<ThrottleState | null>((state, s) => afterFailure(state, at(s), policy), null);

describe('the count of failed sign-ins', () => {
  it('counts failures in one window, and locks at the limit', () => {
    expect(failures(0, 10)).toEqual({ failures: 2, windowStartedAt: at(0).toISOString(), lockedUntil: null });
    const locked = failures(0, 10, 20);
    expect(locked).toEqual({ failures: 3, windowStartedAt: at(0).toISOString(), lockedUntil: at(320).toISOString() });
    expect(lockedUntil(locked, at(21))).toEqual(at(320));
    expect(secondsUntil(at(320), at(21))).toBe(299);
  });

  it('opens at the end of the lock, and starts counting again from one', () => {
    const locked = failures(0, 10, 20);
    expect(lockedUntil(locked, at(319))).not.toBeNull();
    expect(lockedUntil(locked, at(320))).toBeNull();
    expect(afterFailure(locked, at(320), policy)).toEqual({
      failures: 1,
      windowStartedAt: at(320).toISOString(),
      lockedUntil: null,
    });
  });

  it('starts a new window once the last is over', () => {
    expect(failures(0, 10, 60)).toEqual({ failures: 1, windowStartedAt: at(60).toISOString(), lockedUntil: null });
  });

  it('forgets a count whose window and lock are over', () => {
    expect(throttleExpired(failures(0)!, at(59), policy)).toBe(false);
    expect(throttleExpired(failures(0)!, at(60), policy)).toBe(true);
    expect(throttleExpired(failures(0, 1, 2)!, at(100), policy)).toBe(false);
    expect(throttleExpired(failures(0, 1, 2)!, at(302), policy)).toBe(true);
  });

  it('never says less than a second to wait', () => {
    expect(secondsUntil(at(10), new Date(at(10).getTime() - 1))).toBe(1);
    expect(secondsUntil(new Date(at(10).getTime() + 1001), at(10))).toBe(2);
  });
});
