import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Its name, e.g. `rvm_test_1234_9f86d081`. */
  name: string;
  /** A connection URL for it, as `RVM_DATABASE_URL` takes one. */
  url: string;
  /** Drops it, closing any connection still open to it; safe to call twice. */
  drop(): Promise<void>;
}

/** Runs one statement on the cluster's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the cluster `adminUrl` names (the globalSetup's: `inject('pgAdminUrl')`). */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `rvm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await onAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
