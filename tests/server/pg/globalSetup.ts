/**
 * Vitest globalSetup of the projects that need PostgreSQL (`pg`, `server-pg`): one throwaway cluster for the run,
 * its superuser URL given to the tests as `inject('pgAdminUrl')`. Teardown stops it and deletes its folder, whether
 * the tests passed or not; a process exit before teardown (Ctrl-C) does the same synchronously, and a run killed
 * outright leaves a folder the next run sweeps.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../../../testkit/pg/cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://rvm:…@127.0.0.1:PORT/postgres`: create a database per test file with createTestDatabase. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  const onExit = (): void => cluster.stopSync();
  process.once('exit', onExit);
  project.provide('pgAdminUrl', cluster.adminUrl);
  return async () => {
    process.off('exit', onExit);
    await cluster.stop();
  };
}
