import type { Statement } from 'better-sqlite3';
import type { Executor, TransactionOptions } from '../executor';
import type { Db } from './open';

const STATEMENTS_KEPT = 500;

const bind = (params: readonly unknown[]): unknown[] =>
  params.map((value) =>
    typeof value === 'boolean'
      ? Number(value)
      : Array.isArray(value)
        ? JSON.stringify(value)
        : value === undefined
          ? null
          : value,
  );

/**
 * The executor on better-sqlite3. Statements run synchronously and are prepared once. A transaction whose body
 * awaits holds the connection: other statements wait for its end, so none runs inside it by chance.
 */
export class SqliteExecutor implements Executor {
  readonly dialect = 'sqlite';
  private readonly statements = new Map<string, Statement>();
  private busy: Promise<void> | null = null;

  constructor(readonly db: Db) {}

  /** Runs `work` synchronously once no transaction holds the connection. */
  async exclusive<T>(work: (db: Db) => T): Promise<T> {
    while (this.busy) await this.busy;
    return work(this.db);
  }

  all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.exclusive(() => this.statement(sql).all(...bind(params)) as T[]);
  }

  get<T>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return this.exclusive(() => this.statement(sql).get(...bind(params)) as T | undefined);
  }

  run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.exclusive(() => this.statement(sql).run(...bind(params)).changes);
  }

  async lock(): Promise<void> {}

  async transaction<T>(body: (tx: Executor) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    while (this.busy) await this.busy;
    let release = (): void => undefined;
    this.busy = new Promise((resolve) => (release = resolve));
    try {
      this.db.prepare('BEGIN IMMEDIATE').run();
      try {
        const result = await body(this.inside);
        this.db.prepare('COMMIT').run();
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.prepare('ROLLBACK').run();
        throw error;
      }
    } finally {
      this.busy = null;
      release();
    }
  }

  /** What a transaction's body runs its statements with: straight on the connection it holds. */
  private readonly inside: Executor = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: readonly unknown[] = []) => this.statement(sql).all(...bind(params)) as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) =>
      this.statement(sql).get(...bind(params)) as T | undefined,
    run: async (sql, params = []) => this.statement(sql).run(...bind(params)).changes,
    lock: async () => undefined,
    transaction: (body) => body(this.inside),
  };

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
