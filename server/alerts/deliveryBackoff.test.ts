import { describe, expect, it } from 'vitest';
import { DELIVERY_RETRY, retryDelayMs } from './deliveryBackoff';

const policy = { firstRetryMs: 1000, maxRetryMs: 10_000, maxAttempts: 6 };

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10_000], // capped
  ])('after attempt %i waits %i ms (no jitter)', (attempts, expected) => {
    expect(retryDelayMs(attempts, policy, 0)).toBe(expected);
  });

  it('gives up after the last attempt', () => {
    expect(retryDelayMs(6, policy, 0)).toBeNull();
    expect(retryDelayMs(7, policy, 0)).toBeNull();
  });

  it('takes at most a fifth off at random, never more than the cap', () => {
    expect(retryDelayMs(3, policy, 0.999)).toBe(3201);
    expect(retryDelayMs(5, policy, 1)).toBe(8000);
  });

  it("spreads the product's attempts over hours, each wait within the cap", () => {
    const waits = Array.from({ length: DELIVERY_RETRY.maxAttempts - 1 }, (_, i) =>
      retryDelayMs(i + 1, DELIVERY_RETRY, 0),
    ) as number[];
    expect(Math.max(...waits)).toBe(DELIVERY_RETRY.maxRetryMs);
    const totalHours = waits.reduce((sum, wait) => sum + wait, 0) / 3_600_000;
    expect(totalHours).toBeGreaterThan(3);
    expect(totalHours).toBeLessThan(5);
    expect(retryDelayMs(DELIVERY_RETRY.maxAttempts, DELIVERY_RETRY, 0)).toBeNull();
  });
});
