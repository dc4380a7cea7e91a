import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientDeps } from './client';

const TRANSLATIONS: Record<string, string> = {
  'error.systemError': 'Something went wrong',
  'error.fileTooLarge': 'The file is too large.',
};

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const pending: number[] = [];
  let count = 0;
  const deps: ApiClientDeps = {
    fetch: vi.fn(fetchImpl) as unknown as typeof fetch,
    changePending: (d) => pending.push((count += d)),
    notify: vi.fn(),
    translateKey: (key) => TRANSLATIONS[key],
    redirectToLogin: vi.fn(),
  };
  return { call: createApiClient(deps), deps, pending, count: () => count };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('API client (docs/spec.md#calls)', () => {
  it('POSTs the payload as JSON to /api/ + the relative path and returns the body as data', async () => {
    const { call, deps, pending } = setup(() => json(200, { success: true, rvms: [] }));
    await expect(call('rvm/', {})).resolves.toEqual({ success: true, rvms: [] });
    const [url, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/rvm/');
    expect(init).toMatchObject({ method: 'POST', body: '{}' });
    expect(pending).toEqual([1, 0]);
  });

  it('sends FormData as multipart (no JSON content type)', async () => {
    const { call, deps } = setup(() => json(200, { success: true, id: 'x' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await call('upload', form);
    const [, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
  });

  it('does not count not_blocking calls as pending', async () => {
    const { call, pending } = setup(() => json(200, {}));
    await call('rvm/', {}, { not_blocking: true });
    expect(pending).toEqual([]);
  });

  it('passes extra request options through', async () => {
    const { call, deps } = setup(() => json(200, {}));
    await call('rvm/', {}, { request: { headers: { 'X-Extra': '1' }, credentials: 'include' } });
    const [, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(init).toMatchObject({
      credentials: 'include',
      headers: { 'X-Extra': '1', 'Content-Type': 'application/json' },
    });
  });
});

describe("the operator console's calls", () => {
  it('sends a GET without a body or a JSON content type', async () => {
    const { call, deps } = setup(() => json(200, { success: true, rvms: [] }));
    await call('operator/machines', undefined, { method: 'GET' });
    const [url, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/operator/machines');
    expect(init).toMatchObject({ method: 'GET', body: undefined, headers: undefined });
  });

  it('sends a PATCH as JSON', async () => {
    const { call, deps } = setup(() => json(200, { success: true }));
    await call('operator/machines/A-1', { under_maintenance: true }, { method: 'PATCH' });
    const [, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(init).toMatchObject({
      method: 'PATCH',
      body: '{"under_maintenance":true}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it("hands the error answer's body to the caller", async () => {
    const answer = { success: false, msg: 'accountLocked', retryAfterSeconds: 900 };
    const { call } = setup(() => json(429, answer));
    await expect(call('auth/login', {}, { throw_error: true })).rejects.toMatchObject({
      status: 429,
      msg: 'accountLocked',
      body: answer,
    });
  });
});

describe('error catalogue (docs/spec.md#errors)', () => {
  it('shows the translated text when a translation exists for msg', async () => {
    const { call, deps, count } = setup(() => json(413, { success: false, msg: 'fileTooLarge' }));
    await expect(call('upload', {})).resolves.toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith('The file is too large.');
    expect(count()).toBe(0);
  });

  it('shows the raw msg when there is no translation', async () => {
    const { call, deps } = setup(() => json(400, { success: false, msg: 'Machine RVM-9 is locked' }));
    await call('rvm/', {});
    expect(deps.notify).toHaveBeenCalledWith('Machine RVM-9 is locked');
  });

  it.each([
    ['a body without msg', () => json(500, { success: false })],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>oops</html>', { status: 502 }))],
    ['a connection failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['invalid JSON on 200', () => Promise.resolve(new Response('{"success": tru', { status: 200 }))],
  ])('shows the generic systemError text for %s', async (_name, fetchImpl) => {
    const { call, deps, count } = setup(fetchImpl);
    await expect(call('rvm/', {})).resolves.toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith('Something went wrong');
    expect(count()).toBe(0);
  });

  it('redirects to the login route on 401 and shows no message', async () => {
    const { call, deps } = setup(() => json(401, { success: false, msg: 'unauthorized' }));
    await call('upload', {});
    expect(deps.redirectToLogin).toHaveBeenCalledTimes(1);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('rethrows with throw_error and shows nothing', async () => {
    const { call, deps, count } = setup(() => json(413, { success: false, msg: 'fileTooLarge' }));
    const failure = call('upload', {}, { throw_error: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 413, msg: 'fileTooLarge' });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(count()).toBe(0);
  });
});

describe('timeout rule (docs/spec.md#constants)', () => {
  it('removes the pending marker after the timeout and fails the call', async () => {
    vi.useFakeTimers();
    try {
      const { call, deps, count } = setup(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const result = call('rvm/', {}, { timeout: 1000 });
      expect(count()).toBe(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(count()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBeUndefined();
      expect(count()).toBe(0);
      expect(deps.notify).toHaveBeenCalledWith('Something went wrong');
    } finally {
      vi.useRealTimers();
    }
  });

  it('defaults to 5 minutes', async () => {
    vi.useFakeTimers();
    try {
      let answer: (r: Response) => void = () => {};
      const { call, count } = setup(() => new Promise((r) => (answer = r)));
      const result = call('rvm/', {});
      await vi.advanceTimersByTimeAsync(299_999);
      expect(count()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(count()).toBe(0);
      answer(new Response('{}'));
      await result;
    } finally {
      vi.useRealTimers();
    }
  });

  it('never removes the pending marker early when the timeout is -1', async () => {
    vi.useFakeTimers();
    try {
      let answer: (r: Response) => void = () => {};
      const { call, count } = setup(() => new Promise((r) => (answer = r)));
      const result = call('rvm/', {}, { timeout: -1 });
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(count()).toBe(1);
      answer(new Response('{"success":true}'));
      await expect(result).resolves.toEqual({ success: true });
      expect(count()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
