// One page for several tests of a file or describe block. A page load with the map costs about 5 s of CPU in
// software WebGL, so tests that only read a page, or put back what they change, share one.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppServer, BrowserApp } from './fixture';
import type { OpenPageOptions, OpenedPage } from '../../testkit/browser/harness';

export interface SharedPageOptions extends OpenPageOptions {
  /** What the tests wait for before they start, e.g. every machine in the list or the map ready. */
  ready?: (page: Page) => Promise<unknown>;
}

export interface SharedPage {
  readonly page: Page;
  /** Uncaught page errors and console errors since the page opened, over all the tests that share it. */
  readonly errors: string[];
  readonly opened: OpenedPage;
}

/**
 * Registers beforeAll/afterAll in the calling scope: `open` runs before its tests (after the app is up), `close`
 * after them. Returns a reader of what `open` made, for inside tests and later hooks. The tests run in order and
 * see what the ones before them left.
 */
export function setupForScope<T>(what: string, open: () => Promise<T>, close: (value: T) => Promise<unknown>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await open();
  });
  afterAll(async () => {
    if (value !== undefined) await close(value);
  });
  return () => {
    if (value === undefined) throw new Error(`${what} is not open: read it inside a test or hook`);
    return value;
  };
}

/** One page at `path` for the tests of the calling scope (see setupForScope). */
export function setupSharedPage<S extends AppServer>(
  app: BrowserApp<S>,
  path: string,
  options: SharedPageOptions = {},
): SharedPage {
  const { ready, ...pageOptions } = options;
  const current = setupForScope(
    `the shared page ${path}`,
    async () => {
      const opened = await app.openPage(path, pageOptions);
      await ready?.(opened.page);
      return opened;
    },
    (opened) => opened.page.close(),
  );
  return {
    get page() {
      return current().page;
    },
    get errors() {
      return current().errors;
    },
    get opened() {
      return current();
    },
  };
}
