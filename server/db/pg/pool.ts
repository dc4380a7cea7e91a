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

/**
 * Runs `work` in a transaction on one connection of the pool. A longer wait for the write lock than `lockTimeoutMs`
 * fails with lock_not_available, answered 503 like SQLite's busy database.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  options: TransactionOptions,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
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
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    }
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
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
  // pg's own words for a pool that could not connect in time, or a connection that went away mid-query.
  return /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}
