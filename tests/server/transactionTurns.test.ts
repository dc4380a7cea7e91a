import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForeignStatementError, SpannedTransactionError } from '../../server/db/sqlite/executor';
import { SqliteEngine } from '../../server/db/sqlite/engine';
import type { SqlStores } from '../../server/db/stores/sqlStores';
import { auth, startSeededTestServer, type TestServer } from './helpers';

/**
 * Two requests at once, one of them in a store's transaction that awaits (decision 0075). On SQLite both share one
 * connection: a statement of the other request, run by code not yet on the executor (a machine edit), must not land
 * inside the open transaction and be rolled back with it. On PostgreSQL each transaction has its own connection.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const executor = () => (server.engine as unknown as SqlStores).sql;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const maintenance = async () =>
  Boolean(await server.sql.value('SELECT under_maintenance FROM machines WHERE id = ?', 'RVM-001'));
const marked = async () => server.sql.value("SELECT value FROM meta WHERE key = 'transaction-turns'");

describe('a transaction that awaits, and another request meanwhile', () => {
  it("keeps the other request's write out of the transaction, and keeps it when the transaction fails", async () => {
    expect(await maintenance()).toBe(false);
    const first = executor().transaction(async (tx) => {
      await tx.run("INSERT INTO meta (key, value) VALUES ('transaction-turns', 'first')");
      await sleep(60);
      throw new Error('the first request fails after its wait');
    });
    first.catch(() => undefined);
    await sleep(10);
    const edit = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-001',
      headers: { 'content-type': 'application/json', ...auth() },
      payload: JSON.stringify({ under_maintenance: true }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // SQLite rolls the transaction back when the event loop turns; PostgreSQL when its body throws.
    await expect(first).rejects.toThrow(
      server.engine instanceof SqliteEngine ? SpannedTransactionError : /the first request fails/,
    );
    expect(await marked()).toBeUndefined();
    expect(await maintenance()).toBe(true);
  });

  it('commits a transaction that awaits only its own statements, its turn not shared', async () => {
    const done = executor().transaction(async (tx) => {
      await tx.run("INSERT INTO meta (key, value) VALUES ('transaction-turns', 'second')");
      return tx.get<{ value: string }>("SELECT value FROM meta WHERE key = 'transaction-turns'");
    });
    if (server.engine instanceof SqliteEngine) {
      // The transaction began at once: the connection refuses any other statement until it ends.
      expect(() => (server.engine as SqliteEngine).db.prepare('SELECT 1').get()).toThrow(ForeignStatementError);
    }
    expect(await done).toEqual({ value: 'second' });
    expect(await marked()).toBe('second');
  });
});
