// What the offline tests share: a network that goes away for the page and for its service worker, a port the
// server keeps across restarts (a service worker belongs to an origin), and a second build of the page.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Frame, Page, Target } from 'puppeteer-core';
import { LAST_LIST_CACHE, LAST_LIST_KEY } from '../../src/offline/offlineConfig';
import { ROOT } from '../../testkit/browser/harness';

const sessions = new WeakMap<Target, Promise<CDPSession>>();
/** A worker that is being replaced or stopped may never answer: it has no network to take away then. */
const WORKER_ANSWER_MS = 10_000;

/**
 * Takes the network away from the page and from every running service worker, or gives it back. The page's
 * offline mode does not reach its service worker, which has a network of its own.
 */
export async function setOffline(browser: Browser | BrowserContext, page: Page, offline: boolean): Promise<void> {
  await page.setOfflineMode(offline);
  const workers = browser.targets().filter((t) => t.type() === 'service_worker');
  await Promise.all(
    workers.map((target) => {
      if (!sessions.has(target)) sessions.set(target, target.createCDPSession());
      const emulate = sessions.get(target)!.then((session) =>
        session.send('Network.emulateNetworkConditions', {
          offline,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        }),
      );
      const timeout = new Promise((resolve) => setTimeout(resolve, WORKER_ANSWER_MS));
      return Promise.race([emulate.catch(() => undefined), timeout]);
    }),
  );
}

/** Until the service worker controls the page (or frame) and the page has kept its last list. */
export async function waitForOfflineReady(where: Page | Frame): Promise<void> {
  await where.waitForFunction(
    async (cacheName, key) =>
      navigator.serviceWorker.controller !== null && (await (await caches.open(cacheName)).match(key)) !== undefined,
    { timeout: 60_000, polling: 250 },
    LAST_LIST_CACHE,
    LAST_LIST_KEY,
  );
}

/** A port that is free now: the server is started on it again and again, so the page's origin stays the same. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Builds the page into `outDir` with its own mark (tests/browser/markedBuild.config.ts). */
export function buildMarked(outDir: string, mark: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'tests/browser/markedBuild.config.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, RVM_TEST_BUILD_MARK: mark, RVM_TEST_BUILD_OUT: outDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the marked build failed:\n${output}`))));
  });
}

/** The scripts and style sheets of a build, as the page asks for them (/assets/…). */
export function buildFiles(staticDir: string): Set<string> {
  return new Set(
    readdirSync(join(staticDir, 'assets'))
      .filter((name) => /\.(m?js|css)$/.test(name))
      .map((name) => `/assets/${name}`),
  );
}

/** Every script and style sheet of the build the page has loaded so far, by path. */
export function loadedFiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /^\/assets\/.*\.(m?js|css)$/.test(url.pathname))
      .map((url) => url.pathname),
  );
}

/** The build mark of the page's document (markedBuild.config.ts); null for the ordinary build. */
export function buildMark(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('meta[name="rvm-test-build"]')?.getAttribute('content') ?? null);
}
