/**
 * Test and bench hooks: what browser tests and the benchmark read from the page beyond what a visitor sees
 * (where the map is, when a frame with the markers was drawn). They live here and do nothing unless asked
 * for: by a build made with VITE_TEST_HOOKS=1 (the bench pages), by opening the page with `?testHooks`, or by
 * a browser test setting `window.__RVM_TEST_HOOKS__` before the page's scripts run (so the address stays the
 * page's own). The product build ships them switched off; product code calls them without checking.
 */

declare global {
  interface Window {
    __RVM_TEST_HOOKS__?: boolean;
    __RVM_TEST_MAP_OFF__?: boolean;
  }
}

/** Whether hooks are on: the build's flag, `testHooks` in the page's query, or the test's window flag. */
export function readTestHooksOn(buildFlag: unknown, search: string, windowFlag?: boolean): boolean {
  return buildFlag === '1' || new URLSearchParams(search).has('testHooks') || windowFlag === true;
}

/** Read once: neither the query nor the flag changes without a page load. */
export const testHooksOn: boolean = readTestHooksOn(
  import.meta.env.VITE_TEST_HOOKS,
  typeof window === 'undefined' ? '' : window.location.search,
  typeof window === 'undefined' ? undefined : window.__RVM_TEST_HOOKS__,
);

/**
 * A browser test's switch for pages whose tests never look at the map (tests/browser, `openPage({ map: false })`):
 * with `window.__RVM_TEST_MAP_OFF__` set before the page's scripts run, the map is left out, saving the seconds of
 * software WebGL it costs each page there. Nothing in an address turns it on; the map's own tests draw it.
 */
export const mapOffForTests: boolean =
  testHooksOn && typeof window !== 'undefined' && window.__RVM_TEST_MAP_OFF__ === true;

/** Sets `data-*` attributes for tests to read (null removes one); nothing when hooks are off. */
export function markForTests(
  element: HTMLElement | null | undefined,
  data: Record<string, string | null>,
  on = testHooksOn,
): void {
  if (!on || !element) return;
  for (const [key, value] of Object.entries(data)) {
    if (value === null) delete element.dataset[key];
    else element.dataset[key] = value;
  }
}

/** Something tests and the bench can listen to (e.g. each drawn frame); sending is free when hooks are off. */
export interface TestSignal<T> {
  send(value: T): void;
  /** Returns the function that stops listening. */
  listen(listener: (value: T) => void): () => void;
}

export function testSignal<T>(on = testHooksOn): TestSignal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    send: (value) => {
      if (on) for (const listener of listeners) listener(value);
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
