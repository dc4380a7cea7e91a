import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import { DEVICE_LIFE_MS } from '../accounts/signInDevice';
import { ACCOUNT_ADDRESS_THROTTLE, ACCOUNT_THROTTLE, ADDRESS_THROTTLE, DEVICE_THROTTLE } from '../accounts/throttle';
import type { SessionStore } from '../db/accountStore';
import { startHourlyPruning } from './hourlyPruning';

/** A failure count is kept as long as its window could still lock it. */
const COUNT_WINDOW_MS = Math.max(
  ...[ACCOUNT_ADDRESS_THROTTLE, ACCOUNT_THROTTLE, DEVICE_THROTTLE, ADDRESS_THROTTLE].map((policy) => policy.windowMs),
);

/**
 * Deletes ended sessions, the failure counts whose window is over and the browsers not used to sign in for
 * DEVICE_LIFE_MS, once the server is ready and then every hour.
 * An ended session is refused anyway (its times are checked at each request): this only keeps the tables small.
 */
export function pruneSessionsWhileRunning(app: FastifyInstance, store: SessionStore, clock: Clock): void {
  let stop = (): void => undefined;
  app.addHook('onReady', async () => {
    stop = await startHourlyPruning(
      'session pruning',
      () => {
        const now = clock();
        return store.prune(now, new Date(now.getTime() - COUNT_WINDOW_MS), new Date(now.getTime() - DEVICE_LIFE_MS));
      },
      (message) => app.log.warn(message),
    );
  });
  app.addHook('onClose', async () => stop());
}
