/**
 * Setup file of the `server-pg` project: every test file gets a database of its own on the run's cluster, named by
 * `RVM_DATABASE_URL` (read by the server's config, and inherited by the servers spawnMainServer starts), dropped
 * after the file's tests. A test that needs a fresh database of its own calls createTestDatabase(inject('pgAdminUrl')).
 */
import { afterAll, inject } from 'vitest';
import { createTestDatabase } from '../../../testkit/pg/database';

const database = await createTestDatabase(inject('pgAdminUrl'));
process.env.RVM_DATABASE_URL = database.url;

afterAll(async () => {
  delete process.env.RVM_DATABASE_URL;
  await database.drop();
});
