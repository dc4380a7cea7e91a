import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { registerEventRoutes } from '../routes/events';
import { registerOperatorRoutes } from '../routes/operator';
import { MachineBus } from './bus';

/** Live statuses: the operator's update call and the event stream the page listens to, sharing one bus. */
export function registerLiveRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<ServerConfig, 'adminToken' | 'maxStreamsPerAddress'>,
): MachineBus {
  const bus = new MachineBus();
  registerOperatorRoutes(app, db, bus, config.adminToken);
  registerEventRoutes(app, bus, { maxStreamsPerAddress: config.maxStreamsPerAddress });
  return bus;
}
