import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import { registerEventRoutes } from '../routes/events';
import { registerOperatorRoutes } from '../routes/operator';
import { MachineBus } from './bus';

/**
 * Live statuses: the operator's update call and the event stream the page listens to, sharing one bus; changes
 * other processes make (the import command, other instances) reach the same streams.
 */
export async function registerLiveRoutes(
  app: FastifyInstance,
  engine: Engine,
  config: Pick<ServerConfig, 'adminToken' | 'maxStreamsPerAddress'>,
): Promise<MachineBus> {
  const bus = new MachineBus();
  registerOperatorRoutes(app, engine, bus, config.adminToken);
  registerEventRoutes(app, bus, { maxStreamsPerAddress: config.maxStreamsPerAddress });
  const stopWatching = await engine.watchChanges({
    machine: (machine) => bus.publish(machine),
    import: (notice) => bus.publishImport(notice),
    resync: () => {
      app.log.warn('the connection that hears other instances was lost and is back: open pages reload the list');
      bus.resync();
    },
    error: (error) => app.log.warn({ err: error }, 'could not follow changes made by other processes'),
  });
  app.addHook('onClose', async () => stopWatching());
  return bus;
}
