import { describe, expect, it } from 'vitest';
import { newSessionTimes, refreshedIdleExpiry, sessionLive } from './sessionTimes';

const MINUTE = 60_000;
const policy = { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE };
const start = new Date('2026-11-28T08:00:00.000Z');
const later = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe('session times', () => {
  it('expire after the idle time, and never past the absolute time', () => {
    expect(newSessionTimes(start, policy)).toEqual({
      createdAt: '2026-11-28T08:00:00.000Z',
      idleExpiresAt: '2026-11-28T08:30:00.000Z',
      absoluteExpiresAt: '2026-11-28T20:00:00.000Z',
    });
    expect(newSessionTimes(start, { idleMs: 60 * MINUTE, absoluteMs: 10 * MINUTE }).idleExpiresAt).toBe(
      '2026-11-28T08:10:00.000Z',
    );
  });

  it('are live until the first expiry', () => {
    const times = newSessionTimes(start, policy);
    expect(sessionLive(times, later(29.9))).toBe(true);
    expect(sessionLive(times, later(30))).toBe(false);
    expect(sessionLive({ ...times, idleExpiresAt: later(24 * 60).toISOString() }, later(12 * 60))).toBe(false);
  });

  it('move the idle expiry at most once a minute, and not past the absolute time', () => {
    const times = newSessionTimes(start, policy);
    expect(refreshedIdleExpiry(times, later(0.5), policy)).toBeNull();
    expect(refreshedIdleExpiry(times, later(0.5), policy, true)).toBe('2026-11-28T08:30:30.000Z');
    expect(refreshedIdleExpiry(times, later(1), policy)).toBe('2026-11-28T08:31:00.000Z');
    const nearTheEnd = { ...times, idleExpiresAt: later(11.5 * 60).toISOString() };
    expect(refreshedIdleExpiry(nearTheEnd, later(11.75 * 60), policy)).toBe('2026-11-28T20:00:00.000Z');
  });

  it('keep a busy session alive with a short idle time: a request every quarter of it moves the expiry', () => {
    const short = { idleMs: MINUTE, absoluteMs: 12 * 60 * MINUTE };
    let times = newSessionTimes(start, short);
    // A request every 15 s for five minutes: each lands before the idle expiry, and each moves it on.
    for (let seconds = 15; seconds <= 300; seconds += 15) {
      const now = new Date(start.getTime() + seconds * 1000);
      expect(sessionLive(times, now), `at ${seconds} s`).toBe(true);
      const moved = refreshedIdleExpiry(times, now, short);
      expect(moved, `at ${seconds} s`).toBe(new Date(now.getTime() + MINUTE).toISOString());
      times = { ...times, idleExpiresAt: moved! };
    }
    // A request sooner than a quarter of the idle time after the last write is not written.
    expect(refreshedIdleExpiry(times, new Date(start.getTime() + 310_000), short)).toBeNull();
  });
});
