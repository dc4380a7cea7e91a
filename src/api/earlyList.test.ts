import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_LIST_GLOBAL, EARLY_LIST_SCRIPT } from '../../shared/earlyList';
import { createApiClient, type ApiClientDeps } from './client';
import { withEarlyList } from './earlyList';

type Host = { [EARLY_LIST_GLOBAL]?: Promise<Response> };

const listBody = { success: true, rvms: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetchImpl: typeof fetch) {
  const deps: ApiClientDeps = {
    fetch: fetchImpl,
    changePending: () => undefined,
    notify: vi.fn(),
    translateKey: () => undefined,
    redirectToLogin: vi.fn(),
  };
  return { call: createApiClient(deps), deps };
}

/** Runs the inline script as index.html does, with `fetch` recorded; returns what it called fetch with. */
function runScript(pathname: string, onLine = true) {
  const fetchCalls: [unknown, RequestInit | undefined][] = [];
  const fakeFetch = vi.fn((url: unknown, init?: RequestInit) => {
    fetchCalls.push([url, init]);
    return Promise.resolve(json(200, listBody));
  });
  window.history.replaceState(null, '', pathname);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(onLine);
  vi.stubGlobal('fetch', fakeFetch);
  const script = document.createElement('script');
  document.head.append(script);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(EARLY_LIST_SCRIPT)();
  return { fetchCalls, script };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as Host)[EARLY_LIST_GLOBAL];
  window.history.replaceState(null, '', '/');
});

describe('the early list call (index.html)', () => {
  it('starts exactly the request the client makes for the list, and removes its own element', async () => {
    const { fetchCalls, script } = runScript('/?locale=zht&status=available&q=park');
    expect(fetchCalls).toHaveLength(1);
    expect((window as Host)[EARLY_LIST_GLOBAL]).toBeInstanceOf(Promise);
    expect(script.isConnected).toBe(false);

    const own = vi.fn((..._args: Parameters<typeof fetch>) => Promise.resolve(json(200, listBody)));
    await client(own).call('rvm/', {});
    const [url, init] = own.mock.calls[0]!;
    const { signal: _signal, ...request } = init!;
    expect(fetchCalls[0]).toEqual([url, request]);
  });

  it.each([
    ['the login route', '/login/', true],
    ['the operator console', '/operator', true],
    ['a page of the operator console', '/operator/machines/A-1', true],
    ['a device that says it is offline', '/', false],
  ])('is not made on %s', (_name, pathname, onLine) => {
    const { fetchCalls, script } = runScript(pathname, onLine);
    expect(fetchCalls).toEqual([]);
    expect((window as Host)[EARLY_LIST_GLOBAL]).toBeUndefined();
    expect(script.isConnected).toBe(false);
  });
});

describe('withEarlyList', () => {
  const setup = (early: Promise<Response> | undefined) => {
    const host: Host = early ? { [EARLY_LIST_GLOBAL]: early } : {};
    early?.catch(() => undefined);
    const own = vi.fn((..._args: Parameters<typeof fetch>) => Promise.resolve(json(200, { own: true })));
    return { host, own, ...client(withEarlyList(own as typeof fetch, host)) };
  };

  it('answers the first list call with the early response, once; later calls fetch their own', async () => {
    const { call, own, host } = setup(Promise.resolve(json(200, listBody)));
    await expect(call('rvm/', {})).resolves.toEqual(listBody);
    expect(own).not.toHaveBeenCalled();
    expect(host[EARLY_LIST_GLOBAL]).toBeUndefined();
    await expect(call('rvm/', {})).resolves.toEqual({ own: true });
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('fetches its own when there is no early request', async () => {
    const { call, own } = setup(undefined);
    await expect(call('rvm/', {})).resolves.toEqual({ own: true });
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('makes its own request when the early one failed without an answer', async () => {
    const { call, own, deps } = setup(Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('rvm/', {})).resolves.toEqual({ own: true });
    expect(own).toHaveBeenCalledTimes(1);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('reads an error answer by the client rules: the message, no second request', async () => {
    const { call, own, deps } = setup(Promise.resolve(json(500, { success: false, msg: 'systemError' })));
    await expect(call('rvm/', {})).resolves.toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith('systemError');
    expect(own).not.toHaveBeenCalled();
  });

  it('sends a 401 to the login route', async () => {
    const { call, deps } = setup(Promise.resolve(json(401, { success: false, msg: 'unauthorized' })));
    await expect(call('rvm/', {})).resolves.toBeUndefined();
    expect(deps.redirectToLogin).toHaveBeenCalled();
  });

  it('does not give the early answer to another request, and drops it', async () => {
    const { call, own, host } = setup(Promise.resolve(json(200, listBody)));
    await expect(call('rvm/', {}, { request: { credentials: 'include' } })).resolves.toEqual({ own: true });
    expect(host[EARLY_LIST_GLOBAL]).toBeUndefined();
    await call('rvm/', {});
    expect(own).toHaveBeenCalledTimes(2);
  });

  it('leaves other paths alone', async () => {
    const { call, own, host } = setup(Promise.resolve(json(200, listBody)));
    await call('feed-status', {});
    expect(own).toHaveBeenCalledTimes(1);
    expect(host[EARLY_LIST_GLOBAL]).toBeDefined();
  });

  it('times out like its own fetch while the early request is pending', async () => {
    vi.useFakeTimers();
    try {
      const { call, own, deps } = setup(new Promise<Response>(() => undefined));
      const result = call('rvm/', {}, { timeout: 1000 });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(result).resolves.toBeUndefined();
      expect(deps.notify).toHaveBeenCalledWith('systemError');
      expect(own).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
