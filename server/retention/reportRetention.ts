import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import type { ReportStore } from '../db/reportStore';
import { historyCutoff } from '../db/feedStore';
import { startHourlyPruning } from './hourlyPruning';

/**
 * Prunes visitors' problem reports made before the last `keepDays` (RVM_REPORT_KEEP_DAYS), open or closed, once the
 * server is ready, then every hour, until it closes. Each instance prunes; a pass deletes nothing another has deleted.
 */
export function pruneReportsWhileRunning(
  app: FastifyInstance,
  reports: ReportStore,
  keepDays: number,
  clock: Clock,
): void {
  let stop = (): void => undefined;
  app.addHook('onReady', async () => {
    stop = await startHourlyPruning(
      'report retention',
      () => reports.prune(historyCutoff(keepDays, clock())),
      (message) => app.log.warn(message),
    );
  });
  app.addHook('onClose', async () => stop());
}
