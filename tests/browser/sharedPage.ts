// One page for several tests of a file or describe block. A page load with the map costs about 5 s of CPU in
// software WebGL, so tests that only read a page, or put back what they change, share one.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppServer, BrowserApp } from './fixture';
import type { OpenPageOptions, OpenedPage } from './harness';

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
 * Registers beforeAll/afterAll in the calling scope: the page opens at `path` before its tests (after the app is
 * up) and closes after them. The tests run in order and see what the ones before them left.
 */
export function setupSharedPage<S extends AppServer>(
  app: BrowserApp<S>,
  path: string,
  options: SharedPageOptions = {},
): SharedPage {
  let opened: OpenedPage | undefined;
  const { ready, ...pageOptions } = options;
  beforeAll(async () => {
    opened = await app.openPage(path, pageOptions);
    await ready?.(opened.page);
  });
  afterAll(async () => {
    await opened?.page.close();
  });
  const current = (): OpenedPage => {
    if (!opened) throw new Error(`the shared page ${path} is not open: read it inside a test or hook`);
    return opened;
  };
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
