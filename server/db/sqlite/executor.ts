import { clearImmediate, setImmediate } from 'node:timers';
import type { Statement, Transaction } from 'better-sqlite3';
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

/** A SQLite transaction's body was still running when the event loop turned: it was rolled back. */
export class SpannedTransactionError extends Error {
  constructor() {
    super('a SQLite transaction awaited more than its own statements and was rolled back (decision 0075)');
  }
}

/** A statement on the connection, not the executor's, while the executor's transaction was open. */
export class ForeignStatementError extends Error {
  constructor() {
    super("a statement ran on the SQLite connection inside the executor's open transaction (decision 0075)");
  }
}

const STATEMENT_RUNS = new Set<PropertyKey>(['run', 'get', 'all', 'iterate']);
const TRANSACTION_KINDS = ['deferred', 'immediate', 'exclusive'] as const;

/**
 * The executor on better-sqlite3. Statements run synchronously and are prepared once. A transaction ends within the
 * turn of the event loop it began in: its body awaits only its own statements, which settle at once, so no other
 * request runs before its COMMIT. A body that awaits anything else (a timer, the network, a hash) is rolled back
 * when the loop turns (SpannedTransactionError), in every environment. And the connection as everyone else gets it
 * (`connection`) refuses a statement while a transaction is open (ForeignStatementError): nothing runs inside
 * another's transaction by chance, whatever awaits.
 */
export class SqliteExecutor implements Executor {
  readonly dialect = 'sqlite';
  /** The connection for the code not yet on the executor (the machines, the feed's sync). */
  readonly connection: Db;
  private readonly statements = new Map<string, Statement>();
  private busy: Promise<void> | null = null;
  private open = false;

  constructor(private readonly db: Db) {
    this.connection = guard(db, () => {
      if (this.open) throw new ForeignStatementError();
    });
  }

  /** Runs `work` synchronously once no transaction holds the connection. */
  private async exclusive<T>(work: () => T): Promise<T> {
    while (this.busy) await this.busy;
    return work();
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
    let live = true;
    let sentinel: NodeJS.Immediate | undefined;
    const end = (sql: 'COMMIT' | 'ROLLBACK'): void => {
      live = false;
      this.open = false;
      clearImmediate(sentinel);
      try {
        if (sql === 'COMMIT') this.db.prepare('COMMIT').run();
      } finally {
        if (this.db.inTransaction) this.db.prepare('ROLLBACK').run();
        this.busy = null;
        release();
      }
    };
    try {
      this.db.prepare('BEGIN IMMEDIATE').run();
    } catch (error) {
      end('ROLLBACK');
      throw error;
    }
    this.open = true;
    return new Promise<T>((resolve, reject) => {
      sentinel = setImmediate(() => {
        end('ROLLBACK');
        reject(new SpannedTransactionError());
      });
      Promise.resolve()
        .then(() => body(this.inside(() => live)))
        .then(
          (result) => {
            if (!live) return;
            end('COMMIT');
            resolve(result);
          },
          (error: unknown) => {
            if (!live) return;
            end('ROLLBACK');
            reject(error);
          },
        )
        .catch(reject);
    });
  }

  /** What a transaction's body runs its statements with: straight on the connection, while the transaction lives. */
  private inside(live: () => boolean): Executor {
    const statement = (sql: string): Statement => {
      if (!live()) throw new SpannedTransactionError();
      return this.statement(sql);
    };
    const tx: Executor = {
      dialect: 'sqlite',
      all: async <T>(sql: string, params: readonly unknown[] = []) => statement(sql).all(...bind(params)) as T[],
      get: async <T>(sql: string, params: readonly unknown[] = []) =>
        statement(sql).get(...bind(params)) as T | undefined,
      run: async (sql, params = []) => statement(sql).run(...bind(params)).changes,
      lock: async () => undefined,
      transaction: (body) => body(tx),
    };
    return tx;
  }

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

/** `db` whose statements, `exec`, `pragma` and transactions call `check` first. */
function guard(db: Db, check: () => void): Db {
  const guardStatement = (statement: Statement): Statement => {
    const guarded: Statement = new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (STATEMENT_RUNS.has(key)) check();
          const result: unknown = value.apply(target, args);
          return result === target ? guarded : result;
        };
      },
    });
    return guarded;
  };
  const guardTransaction = (transaction: Transaction<(...args: never[]) => unknown>) => {
    const run =
      (variant: (...args: never[]) => unknown) =>
      (...args: never[]) => {
        check();
        return variant(...args);
      };
    return Object.assign(
      run(transaction),
      Object.fromEntries(TRANSACTION_KINDS.map((kind) => [kind, run(transaction[kind])])),
      { default: run(transaction.default) },
    );
  };
  return new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'prepare') return (source: string) => guardStatement(target.prepare(source));
      if (key === 'transaction') return (fn: (...args: never[]) => unknown) => guardTransaction(target.transaction(fn));
      if (key === 'exec' || key === 'pragma')
        return (...args: unknown[]) => {
          check();
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
}
