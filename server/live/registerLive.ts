import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { registerEventRoutes } from '../routes/events';
import { registerOperatorRoutes } from '../routes/operator';
import { MachineBus } from './bus';
import { watchImports } from './importWatcher';

/**
 * Live statuses: the operator's update call and the event stream the page listens to, sharing one bus;
 * imports by the import command reach the same streams.
 */
export function registerLiveRoutes(app: FastifyInstance, db: Db, adminToken: string | null): MachineBus {
  const bus = new MachineBus();
  registerOperatorRoutes(app, db, bus, adminToken);
  registerEventRoutes(app, bus);
  const stopWatching = watchImports(
    db,
    ({ at, inserted, updated }) => bus.publishImport({ at, inserted, updated }),
    (error) => app.log.warn({ err: error }, 'could not look for imports'),
  );
  app.addHook('onClose', async () => stopWatching());
  return bus;
}
