/** The first reconnect comes after about a second; each failure doubles the wait, up to 30 s. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect number `attempt` (0 = the first after a failure): the doubled wait, capped, then a
 * random point in its upper half, so that pages cut off together (a server restart) do not all return at once.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return ceiling / 2 + (random() * ceiling) / 2;
}
