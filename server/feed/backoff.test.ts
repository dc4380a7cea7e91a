import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff';

const INTERVAL = 60_000;

describe('backoffDelayMs', () => {
  it.each([
    [1, 60_000, 120_000],
    [2, 120_000, 240_000],
    [3, 240_000, 480_000],
    [4, 480_000, 960_000],
    [5, 480_000, 960_000],
    [50, 480_000, 960_000],
  ])('after %i failure(s) waits from %i to %i ms', (failures, low, high) => {
    expect(backoffDelayMs(failures, INTERVAL, 0)).toBe(low);
    expect(backoffDelayMs(failures, INTERVAL, 0.999_999)).toBe(high);
    const spread = new Set(Array.from({ length: 20 }, (_, i) => backoffDelayMs(failures, INTERVAL, i / 20)));
    expect(spread.size).toBe(20);
  });

  it('never waits less than one interval after a failure', () => {
    expect(backoffDelayMs(0, INTERVAL, 0)).toBe(INTERVAL);
  });
});
