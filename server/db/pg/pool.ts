import pg from 'pg';

/**
 * Types read as the SQLite path reads them: bigint (counts, ids) as a number (every value stored is a safe
 * integer), json as its text, so one row shape serves both engines.
 */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    if (oid === pg.types.builtins.JSON) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/** How long a new connection may take before the request fails (503). */
const CONNECT_TIMEOUT_MS = 5_000;

export function pgClientConfig(url: string, applicationName: string): pg.ClientConfig {
  return {
    connectionString: url,
    types: TYPES,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  };
}

export function createPool(url: string, max: number, onIdleError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ ...pgClientConfig(url, 'rvm'), max });
  // An idle connection the server dropped (a restart) is discarded by the pool; without a listener it would crash us.
  pool.on('error', onIdleError);
  return pool;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface TransactionOptions {
  /** Takes the write lock first (the data_version row, bumped: see migrations.ts), waiting at most `lockTimeoutMs`. */
  writeLock?: boolean;
  lockTimeoutMs?: number;
  readOnly?: boolean;
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ';
}

/** A connection taken out of the pool for several statements, until `release`. */
export interface CheckedOut {
  client: pg.PoolClient;
  /** The error that ended the connection while it was out (the server ended it: a restart, an administrator). */
  lost(): Error | undefined;
  /** Back to the pool, or discarded when it was lost or `error` says it is broken. */
  release(error?: unknown): void;
}

/**
 * Takes a connection out of the pool. While it is out the pool does not listen to it, and a connection the server
 * ends emits an 'error' that, unheard, would end the process: it is heard here, kept, and the connection discarded.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error): void => {
    lost ??= error;
  };
  client.on('error', onError);
  return {
    client,
    lost: () => lost,
    release(error) {
      client.removeListener('error', onError);
      client.release(lost ?? (error instanceof Error ? error : undefined));
    },
  };
}

/**
 * Runs `work` in a transaction on one connection of the pool. A longer wait for the write lock than `lockTimeoutMs`
 * fails with lock_not_available, answered 503 like SQLite's busy database; so does a connection the server ended
 * mid-transaction, with the server's own error rather than the "not queryable" of the next statement.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  options: TransactionOptions,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const { client, lost, release } = await checkOut(pool);
  let broken: unknown;
  try {
    await client.query(
      `BEGIN ISOLATION LEVEL ${options.isolation ?? 'READ COMMITTED'}${options.readOnly ? ' READ ONLY' : ''}`,
    );
    try {
      if (options.writeLock) {
        await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs ?? 0))}`);
        await client.query('UPDATE data_version SET version = version + 1');
      }
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (lost() === undefined) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      }
      throw error;
    }
  } catch (error) {
    throw lost() ?? error;
  } finally {
    release(broken);
  }
}

/** SQLSTATEs of a database that is busy or briefly away: worth a retry, not a 500. */
const BUSY_STATES = new Set([
  '55P03', // lock_not_available (lock_timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006', // connection exceptions
]);
const BUSY_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isPgBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (BUSY_STATES.has(code) || BUSY_NODE_CODES.has(code))) return true;
  const message = error instanceof Error ? error.message : '';
  // pg's own words for a pool that could not connect in time, or a connection that went away mid-query or before it.
  return /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable/i.test(
    message,
  );
}
