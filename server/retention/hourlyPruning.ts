/** How often a running server forgets what is past its retention (the audit, the machines' history). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000; // 1 hour

/**
 * Runs `prune` now and then every hour, until the answered stop is called. A failed pass (the database busy with an
 * import) is logged as `what` and left to the next one.
 */
export async function startHourlyPruning(
  what: string,
  prune: () => Promise<unknown>,
  warn: (message: string) => void,
): Promise<() => void> {
  const pass = (): Promise<void> =>
    prune().then(
      () => undefined,
      (error: unknown) =>
        warn(`${what}: ${error instanceof Error ? error.message : String(error)}; trying again in an hour`),
    );
  await pass();
  const timer = setInterval(() => void pass(), PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
