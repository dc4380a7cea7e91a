// A browser context for a test file's app: in a Chromium of the run's pool when there is one free (browserPool.ts),
// else in a Chromium of its own. Each lease is a context of its own (cookies, storage, service workers, permissions
// start empty), as a fresh browser was.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { inject } from 'vitest';
import type { BrowserPool } from './browserPool';
import { BROWSER_PROTOCOL_TIMEOUT_MS, launchBrowser } from '../../testkit/browser/harness';
import { countCost } from '../support/costCounter';
import { treeCpuSeconds } from '../support/processCpu';

export interface BrowserLease {
  context: BrowserContext;
  release: () => Promise<void>;
}

/** The pool's browser this process holds, shared by its apps (a file's and its describe blocks'). */
let held: { browser: Browser; leaseFile: string; users: number; pid: number; cpuAtLease: number } | undefined;

export async function leaseBrowser(): Promise<BrowserLease> {
  const pooled = held ?? (await claimPooled());
  if (!pooled) {
    const browser = await launchBrowser();
    return { context: await browser.createBrowserContext(), release: () => browser.close() };
  }
  held = pooled;
  pooled.users += 1;
  const context = await pooled.browser.createBrowserContext();
  return {
    context,
    release: async () => {
      await context.close().catch(() => undefined);
      pooled.users -= 1;
      if (pooled.users > 0) return;
      held = undefined;
      countCost('browserCpu', treeCpuSeconds(pooled.pid) - pooled.cpuAtLease);
      await pooled.browser.disconnect();
      rmSync(pooled.leaseFile, { force: true });
    },
  };
}

async function claimPooled(): Promise<typeof held> {
  const pool = inject('browserPool') as BrowserPool | undefined;
  if (!pool) return undefined;
  for (const [index, endpoint] of pool.endpoints.entries()) {
    const leaseFile = join(pool.leaseDir, String(index));
    if (!claim(leaseFile)) continue;
    try {
      const browser = await puppeteer.connect({
        browserWSEndpoint: endpoint,
        protocolTimeout: BROWSER_PROTOCOL_TIMEOUT_MS,
      });
      const pid = pool.pids[index] ?? 0;
      return { browser, leaseFile, users: 0, pid, cpuAtLease: treeCpuSeconds(pid) };
    } catch {
      rmSync(leaseFile, { force: true });
    }
  }
  return undefined;
}

/** Takes the lease file, or one left by a process that has gone; false while a live process holds it. */
function claim(leaseFile: string): boolean {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(leaseFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch {
      if (holderAlive(leaseFile)) return false;
      rmSync(leaseFile, { force: true });
    }
  }
  return false;
}

function holderAlive(leaseFile: string): boolean {
  try {
    process.kill(Number(readFileSync(leaseFile, 'utf8')), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
