export interface TransactionOptions {
  /** Takes the machines' write lock first (PostgreSQL's data_version row), as an import or an edit does. */
  writeLock?: boolean;
  lockTimeoutMs?: number;
}

/**
 * One SQL for both engines (decision 0075): statements with `?` placeholders, run on SQLite or PostgreSQL. Where the
 * dialects differ the store asks `dialect`. A transaction's body gets an executor of its own; on SQLite it is
 * IMMEDIATE and nothing else runs on the connection until it ends. Values: arrays go to `text[]` columns (SQLite
 * keeps them as JSON text), booleans to `bool` (SQLite's 0 and 1); JSON columns take text.
 */
export interface Executor {
  readonly dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** The number of rows the statement changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  transaction<T>(body: (tx: Executor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Makes writers of the same `key` (and `name`, when given) take turns until the transaction ends, on every
   * instance: PostgreSQL's advisory lock. SQLite's IMMEDIATE transactions already take turns.
   */
  lock(key: number, name?: string): Promise<void>;
}
