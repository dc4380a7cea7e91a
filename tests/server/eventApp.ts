import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { MachineBus } from '../../server/live/bus';
import { registerApiSchemas } from '../../server/routes/apiSchemas';
import type { EventStreamOptions } from '../../server/routes/events';
import { registerRoutes } from '../../server/routes/registerRoutes';
import { EVENT_ROUTES } from '../../server/routes/table';

export interface EventApp {
  app: FastifyInstance;
  bus: MachineBus;
  port: number;
  /** The event stream's address. */
  url: string;
}

/**
 * The event route alone on a loopback port, over `bus` (a fresh one by default); with `logLines`, the app's
 * warnings as JSON lines. The test closes `app`.
 */
export async function startEventApp(
  streams: EventStreamOptions = {},
  { bus = new MachineBus(), logLines }: { bus?: MachineBus; logLines?: string[] } = {},
): Promise<EventApp> {
  const app = Fastify(
    logLines ? { logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } } } : {},
  );
  registerApiSchemas(app);
  registerRoutes(app, [EVENT_ROUTES], { app, bus, eventStreams: streams });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, bus, port, url: `http://127.0.0.1:${port}/api/events` };
}
