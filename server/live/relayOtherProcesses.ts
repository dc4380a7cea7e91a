import type { FastifyInstance } from 'fastify';
import type { Engine } from '../db/engine';
import type { MachineBus } from './bus';

/**
 * Changes other processes make (the import command, other instances) reach this server's event streams through
 * `bus`, from when it resolves until the server closes; a change of the host origins added in the console makes this
 * instance read them again (`forgetEmbedOrigins`).
 */
export async function relayOtherProcesses(
  app: FastifyInstance,
  engine: Engine,
  bus: MachineBus,
  forgetEmbedOrigins: () => void = () => undefined,
): Promise<void> {
  const stopWatching = await engine.watchChanges({
    machine: (machine) => bus.publish(machine),
    import: (notice) => bus.publishImport(notice),
    embedOrigins: forgetEmbedOrigins,
    resync: () => {
      forgetEmbedOrigins();
      app.log.warn('the connection that hears other instances was lost and is back: open pages reload the list');
      bus.resync();
    },
    error: (error) => app.log.warn({ err: error }, 'could not follow changes made by other processes'),
  });
  app.addHook('onClose', async () => stopWatching());
}
