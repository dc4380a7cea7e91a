import type { ListBody } from '../http/listBody';
import { route } from './route';

/** The database must answer the readiness check within this, well inside a probe's usual timeout. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

const NO_STORE = 'no-store';

export const LIVENESS_SCHEMA = {
  operationId: 'getLiveness',
  tags: ['operations'],
  summary: 'Whether the process can serve (a liveness probe)',
  description:
    'Answers from the event loop alone, never touching the database: a database outage must not get every ' +
    'instance restarted. No answer (a blocked or dead process) is the failure. While the server shuts down, ' +
    'every request answers 503.',
  response: {
    200: {
      description: 'The process answers',
      type: 'object',
      required: ['success', 'status'],
      additionalProperties: false,
      properties: { success: { type: 'boolean', const: true }, status: { type: 'string', const: 'live' } },
    },
  },
} as const;

const CHECKS_SCHEMA = {
  type: 'object',
  required: ['database', 'machines'],
  additionalProperties: false,
  properties: {
    database: {
      type: 'string',
      enum: ['ok', 'failed'],
      description: `Whether the database answered a query within ${READY_DATABASE_TIMEOUT_MS} ms`,
    },
    machines: {
      type: 'string',
      enum: ['loaded', 'loading', 'failed'],
      description: 'Whether the machine list was read: loading until the first read after the start has finished',
    },
  },
} as const;

export const READINESS_SCHEMA = {
  operationId: 'getReadiness',
  tags: ['operations'],
  summary: 'Whether the instance should get traffic (a readiness probe)',
  description:
    'Ready when the database answers, the machine list has been read, and the server is not shutting down ' +
    '(then every request answers 503). `checks` says which part is not ready.',
  response: {
    200: {
      description: 'Ready',
      type: 'object',
      required: ['success', 'status', 'checks'],
      additionalProperties: false,
      properties: {
        success: { type: 'boolean', const: true },
        status: { type: 'string', const: 'ready' },
        checks: CHECKS_SCHEMA,
      },
    },
    503: {
      description: 'systemError: not ready, for the reasons in `checks`',
      type: 'object',
      required: ['success', 'msg', 'checks'],
      additionalProperties: false,
      properties: {
        success: { type: 'boolean', const: false },
        msg: { type: 'string', const: 'systemError' },
        checks: CHECKS_SCHEMA,
      },
    },
  },
} as const;

type MachinesCheck = 'loaded' | 'loading' | 'failed';

/** What the probes are given: the list as the server keeps it, and the engine to query. */
export interface ProbeDeps {
  lastList(): Promise<ListBody> | null;
  currentList(): Promise<ListBody>;
  engine: { countMachines(): Promise<number> };
}

/** What the probes read: the machine list as the server keeps it, and a query the database must answer. */
export interface ProbeSources {
  /** The last list built (rejected when it failed), or null before the first has finished (ListCache.latest). */
  lastList(): Promise<ListBody> | null;
  /** Builds the list again (ListCache.current): after a failed build, nothing else would while no traffic comes. */
  rebuildList(): Promise<ListBody>;
  /** Any cheap query. */
  queryDatabase(): Promise<unknown>;
}

/**
 * `GET /api/health/live` and `GET /api/health/ready`, the split of `/api/health` for orchestrators: a liveness
 * probe that a database outage does not fail (else every instance would be restarted at once), and a readiness
 * probe that takes the instance out of the load balancer while it cannot serve the list.
 */
export function probeRoutes({ lastList, currentList, engine }: ProbeDeps) {
  const sources: ProbeSources = { lastList, rebuildList: currentList, queryDatabase: () => engine.countMachines() };
  return {
    live: route({
      schema: LIVENESS_SCHEMA,
      handler: async (_request, reply) => {
        reply.header('cache-control', NO_STORE);
        return { success: true, status: 'live' };
      },
    }),
    ready: route({
      schema: READINESS_SCHEMA,
      handler: async (request, reply) => {
        const [database, machines] = await Promise.all([databaseCheck(sources), machinesCheck(sources)]);
        const checks = { database, machines };
        reply.header('cache-control', NO_STORE);
        if (database === 'ok' && machines === 'loaded') return { success: true, status: 'ready', checks };
        request.log.warn({ checks }, 'readiness: not ready');
        return reply.code(503).send({ success: false, msg: 'systemError', checks });
      },
    }),
  };
}

async function databaseCheck(sources: ProbeSources): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([sources.queryDatabase(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

async function machinesCheck(sources: ProbeSources): Promise<MachinesCheck> {
  const last = sources.lastList();
  if (last === null) return 'loading';
  try {
    await last;
    return 'loaded';
  } catch {
    // Shared with any list call meanwhile; the next probe reads how it went.
    sources.rebuildList().catch(() => undefined);
    return 'failed';
  }
}
