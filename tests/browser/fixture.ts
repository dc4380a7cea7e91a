// The app a browser test file (or describe block) runs against: the real server on a temporary database
// and a browser context of its own in the run's Chromium (browserLease.ts), started before its tests and closed
// after them, also when a test fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { Machine } from '../../shared/machine';
import { leaseBrowser, type BrowserLease } from './browserLease';
import {
  openPage,
  startServer,
  type OpenPageOptions,
  type OpenedPage,
  type RunningServer,
  type TileMode,
  type Viewport,
} from '../../testkit/browser/harness';
import { fetchMachines } from './screen-helpers';

/** Long enough for a `start` that builds a page first (the synthetic page's build takes about a minute). */
const START_TIMEOUT_MS = 180_000;

/** What the pages are opened against: the real server, or another one from `start`. */
export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

/** Defaults for every page the app opens; `openPage` can still override them. */
interface PageDefaults {
  /** Map tiles from the fixture (the default) or refused. */
  tiles?: TileMode;
  /** DESKTOP unless given. */
  viewport?: Viewport;
  /** false: the app's pages leave the map out unless a page asks for it (harness `OpenPageOptions.map`). */
  map?: boolean;
  /** true: the app's pages keep their motion (harness `OpenPageOptions.motion`); less motion by default. */
  motion?: boolean;
}

export interface RealServerOptions extends PageDefaults {
  /** Extra environment for the server; a function is read when the server starts (after earlier hooks). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Machines the database starts with instead of the demo data (written to a file for RVM_SEED). */
  seed?: readonly object[];
}

export interface BrowserApp<S extends AppServer = RunningServer> {
  readonly server: S;
  /** The app's own browser context: pages, targets and permissions of this app only. */
  readonly browser: BrowserContext;
  /** An address on the server ('/?locale=zht'); an absolute address is kept as it is. */
  url: (path?: string) => string;
  /** A new tab at `path` with requests intercepted (see harness `openPage`): tiles, API overrides, errors. */
  openPage: (path?: string, options?: OpenPageOptions) => Promise<OpenedPage>;
}

/**
 * Registers beforeAll/afterAll in the calling scope (file or describe block) and returns the app; its
 * `server` and `browser` can be read inside tests and later hooks.
 */
export function setupBrowserApp(options?: RealServerOptions): BrowserApp;
export function setupBrowserApp<S extends AppServer>(
  options: PageDefaults & { start: () => Promise<S> },
): BrowserApp<S>;
export function setupBrowserApp(
  options: RealServerOptions & { start?: () => Promise<AppServer> } = {},
): BrowserApp<AppServer> {
  let server: AppServer | undefined;
  let lease: BrowserLease | undefined;
  let seedDir: string | undefined;

  const startRealServer = () => {
    const env = typeof options.env === 'function' ? options.env() : { ...options.env };
    if (options.seed) {
      seedDir = mkdtempSync(join(tmpdir(), 'rvm-seed-'));
      env.RVM_SEED = join(seedDir, 'machines.json');
      writeFileSync(env.RVM_SEED, JSON.stringify(options.seed));
    }
    return startServer(env);
  };

  beforeAll(async () => {
    // Both are kept as soon as each is up, so that afterAll closes whichever started if the other failed.
    const started = await Promise.allSettled([
      (options.start ?? startRealServer)().then((s) => (server = s)),
      leaseBrowser().then((l) => (lease = l)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await lease?.release();
    await server?.stop();
    if (seedDir) rmSync(seedDir, { recursive: true, force: true });
  });

  const app: BrowserApp<AppServer> = {
    get server() {
      if (!server) throw new Error('the app server is not running: read it inside a test or hook');
      return server;
    },
    get browser() {
      if (!lease) throw new Error('the browser is not running: read it inside a test or hook');
      return lease.context;
    },
    url: (path = '/') => new URL(path, app.server.url).href,
    openPage: (path, pageOptions = {}) =>
      openPage(app.browser, app.url(path), {
        tiles: options.tiles,
        viewport: options.viewport,
        map: options.map,
        motion: options.motion,
        ...pageOptions,
      }),
  };
  return app;
}

/**
 * setupBrowserApp on the demo data, with the machines its page shows (the server's, less the deactivated
 * ones): the array is filled in once the server is up, before the tests and later hooks run.
 */
export function setupDemoApp(options?: Omit<RealServerOptions, 'seed'>): {
  app: BrowserApp;
  machines: readonly Machine[];
} {
  const app = setupBrowserApp(options);
  const machines: Machine[] = [];
  beforeAll(async () => {
    machines.push(...(await fetchMachines(app.server.url)));
  });
  return { app, machines };
}
