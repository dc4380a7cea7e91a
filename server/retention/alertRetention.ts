import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import type { AlertStore } from '../db/alertStore';
import { historyCutoff } from '../db/feedStore';
import { startHourlyPruning } from './hourlyPruning';

/**
 * Prunes closed alerts and finished webhook deliveries older than the audit's retention (RVM_AUDIT_RETENTION_DAYS:
 * they are the record of what was wrong and who was told) once the server is ready, then every hour, until it
 * closes. Each instance prunes; a pass deletes nothing another has deleted.
 */
export function pruneAlertsWhileRunning(
  app: FastifyInstance,
  alerts: AlertStore,
  retentionDays: number,
  clock: Clock,
): void {
  let stop = (): void => undefined;
  app.addHook('onReady', async () => {
    stop = await startHourlyPruning(
      'alert retention',
      () => alerts.prune(historyCutoff(retentionDays, clock())),
      (message) => app.log.warn(message),
    );
  });
  app.addHook('onClose', async () => stop());
}
