import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelayMs } from './reconnectDelay';

describe('reconnectDelayMs', () => {
  it.each([
    [0, 500, 1000],
    [1, 1000, 2000],
    [2, 2000, 4000],
    [4, 8000, 16_000],
    [5, 15_000, 30_000],
    [50, 15_000, 30_000],
  ])('attempt %i waits between %i and %i ms', (attempt, low, high) => {
    expect(reconnectDelayMs(attempt, () => 0)).toBe(low);
    expect(reconnectDelayMs(attempt, () => 0.999_999)).toBeCloseTo(high, 0);
    expect(reconnectDelayMs(attempt, () => 0.5)).toBe((low + high) / 2);
  });

  it('starts at about a second, never waits past the cap, and spreads pages out', () => {
    expect(RECONNECT_BASE_MS).toBe(1000);
    const waits = Array.from({ length: 200 }, () => reconnectDelayMs(20));
    expect(Math.max(...waits)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    expect(new Set(waits.map(Math.round)).size).toBeGreaterThan(150);
  });
});
