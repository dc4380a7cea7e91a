import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE } from '../accounts/throttle';
import type { SessionStore } from '../db/accountStore';
import { startHourlyPruning } from './hourlyPruning';

/** A failure count is kept as long as its window could still lock it. */
const COUNT_WINDOW_MS = Math.max(ACCOUNT_THROTTLE.windowMs, ADDRESS_THROTTLE.windowMs);

/**
 * Deletes ended sessions and the failure counts whose window is over, once the server is ready and then every hour.
 * An ended session is refused anyway (its times are checked at each request): this only keeps the tables small.
 */
export function pruneSessionsWhileRunning(app: FastifyInstance, store: SessionStore, clock: Clock): void {
  let stop = (): void => undefined;
  app.addHook('onReady', async () => {
    stop = await startHourlyPruning(
      'session pruning',
      () => {
        const now = clock();
        return store.prune(now, new Date(now.getTime() - COUNT_WINDOW_MS));
      },
      (message) => app.log.warn(message),
    );
  });
  app.addHook('onClose', async () => stop());
}
