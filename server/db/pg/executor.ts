import type pg from 'pg';
import type { Executor, TransactionOptions } from '../executor';
import { inTransaction, type Queryable } from './pool';

/** `?` placeholders made PostgreSQL's `$1`, `$2`… (the stores write no `?` of their own in SQL). */
const numbered = new Map<string, string>();
function toPg(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, text);
  }
  return text;
}

/** The executor on a pg pool (or, inside a transaction, on the connection it holds). */
export class PgExecutor implements Executor {
  readonly dialect = 'postgres';

  constructor(
    private readonly db: Queryable,
    private readonly pool: pg.Pool | null,
    private readonly defaultLockTimeoutMs = 0,
  ) {}

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const { rows } = await this.db.query(toPg(sql), params as unknown[]);
    return rows as T[];
  }

  async get<T>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    const { rowCount } = await this.db.query(toPg(sql), params as unknown[]);
    return rowCount ?? 0;
  }

  async lock(key: number, name?: string): Promise<void> {
    if (name === undefined) await this.db.query('SELECT pg_advisory_xact_lock($1)', [key]);
    else await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [key, name]);
  }

  transaction<T>(body: (tx: Executor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (!this.pool) return body(this);
    const lockTimeoutMs = options.lockTimeoutMs ?? this.defaultLockTimeoutMs;
    return inTransaction(this.pool, { ...options, lockTimeoutMs }, (client) => body(new PgExecutor(client, null)));
  }
}
