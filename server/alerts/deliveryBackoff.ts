/** The wait before a webhook's second attempt; each later one waits twice as long as the one before. */
export const DELIVERY_FIRST_RETRY_MS = 10_000; // 10 s
/** The longest wait between two attempts. */
export const DELIVERY_MAX_RETRY_MS = 60 * 60 * 1000; // 1 hour
/** Attempts before a delivery is given up (about 3 h 25 min after the first, with the waits above). */
export const DELIVERY_MAX_ATTEMPTS = 12;
/** How long one attempt may take before it counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000; // 10 s

export interface RetryPolicy {
  firstRetryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
}

export const DELIVERY_RETRY: RetryPolicy = {
  firstRetryMs: DELIVERY_FIRST_RETRY_MS,
  maxRetryMs: DELIVERY_MAX_RETRY_MS,
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
};

/**
 * The wait after failed attempt number `attempts` (1 = the first), or null when it was the last. Exponential, capped,
 * with up to a fifth taken off at random so that many deliveries failing together do not all come back together.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: number): number | null {
  if (attempts >= policy.maxAttempts) return null;
  const exponential = policy.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(policy.maxRetryMs, exponential);
  return Math.round(capped * (1 - 0.2 * random));
}
