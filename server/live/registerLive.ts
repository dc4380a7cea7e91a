import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { registerEventRoutes } from '../routes/events';
import { registerOperatorRoutes } from '../routes/operator';
import { MachineBus } from './bus';
import { watchImports } from './importWatcher';

/**
 * Live statuses: the operator's update call and the event stream the page listens to, sharing one bus;
 * imports by the import command reach the same streams.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<ServerConfig, 'adminToken' | 'maxStreamsPerAddress'>,
): MachineBus {
  const bus = new MachineBus();
  registerOperatorRoutes(app, db, bus, config.adminToken);
  registerEventRoutes(app, bus, { maxStreamsPerAddress: config.maxStreamsPerAddress });
  const stopWatching = watchImports(
    db,
    ({ at, inserted, updated }) => bus.publishImport({ at, inserted, updated }),
    (error) => app.log.warn({ err: error }, 'could not look for imports'),
  );
  app.addHook('onClose', async () => stopWatching());
  return bus;
}
