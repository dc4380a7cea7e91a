/**
 * Vitest globalSetup of the browser project: one Chromium per browser worker for the whole run, which the test
 * files lease (tests/browser/browserLease.ts) instead of launching their own. A launch and the first map page's
 * shader compiles cost about 2.5 s of CPU in software WebGL, for each of some 30 files and blocks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowser } from '../../testkit/browser/harness';

export interface BrowserPool {
  /** One DevTools endpoint per browser. */
  endpoints: string[];
  /** Each browser's process id, for the CPU a file costs it (tests/support/processCpu.ts). */
  pids: number[];
  /** Where a file marks the browser it holds: a file per browser, holding the process id. */
  leaseDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserPool: BrowserPool;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // As many as the project runs files at once (RVM_BROWSER_WORKERS in vitest.config.ts).
  const count = Math.max(1, project.config.maxWorkers);
  const browsers = await Promise.all(Array.from({ length: count }, () => launchBrowser()));
  const leaseDir = mkdtempSync(join(tmpdir(), 'rvm-browser-leases-'));
  project.provide('browserPool', {
    endpoints: browsers.map((b) => b.wsEndpoint()),
    pids: browsers.map((b) => b.process()?.pid ?? 0),
    leaseDir,
  });
  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    rmSync(leaseDir, { recursive: true, force: true });
  };
}
