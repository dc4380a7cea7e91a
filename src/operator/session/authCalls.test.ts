import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { changePassword, fetchSession, signIn, signOut } from './authCalls';

const SESSION = {
  name: 'chan',
  role: 'admin',
  districts: [],
  mustChangePassword: false,
  secondFactor: 'done',
  csrfToken: 'tok',
  idleExpiresAt: '2026-01-01T00:30:00Z',
  absoluteExpiresAt: '2026-01-01T12:00:00Z',
};

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  const deps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    changePending: vi.fn(),
    notify: vi.fn(),
    translateKey: () => undefined,
    redirectToLogin: vi.fn(),
  };
  return { call: createApiClient(deps), fetch, deps };
}

describe('signIn', () => {
  it('posts the name and password and reads the session', async () => {
    const { call, fetch, deps } = clientAnswering(200, { success: true, session: SESSION });
    await expect(signIn(call, 'chan', 'pw')).resolves.toEqual({ kind: 'signedIn', session: SESSION });
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({ body: '{"name":"chan","password":"pw"}' }),
    );
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.changePending).not.toHaveBeenCalled();
  });

  it('says the credentials are wrong on 401, and shows nothing itself', async () => {
    const { call, deps } = clientAnswering(401, { success: false, msg: 'badCredentials' });
    await expect(signIn(call, 'chan', 'nope')).resolves.toEqual({ kind: 'badCredentials' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it.each(['accountLocked', 'tooManyAttempts'] as const)('reads how long to wait when %s', async (msg) => {
    const { call } = clientAnswering(429, { success: false, msg, retryAfterSeconds: 840 });
    await expect(signIn(call, 'chan', 'nope')).resolves.toEqual({ kind: msg, retryAfterSeconds: 840 });
  });

  it('waits a minute when the server names no time', async () => {
    const { call } = clientAnswering(429, { success: false, msg: 'accountLocked' });
    await expect(signIn(call, 'chan', 'nope')).resolves.toEqual({ kind: 'accountLocked', retryAfterSeconds: 60 });
  });

  it('hands any other failure back', async () => {
    const { call } = clientAnswering(500, { success: false, msg: 'systemError' });
    await expect(signIn(call, 'chan', 'pw')).resolves.toMatchObject({ kind: 'failed' });
  });
});

describe('the other session calls', () => {
  it('reads the current session, or null on 401', async () => {
    await expect(fetchSession(clientAnswering(200, { success: true, session: SESSION }).call)).resolves.toEqual(
      SESSION,
    );
    await expect(fetchSession(clientAnswering(401, { success: false, msg: 'unauthorized' }).call)).resolves.toBeNull();
  });

  it('signs out, also when the session had already ended', async () => {
    await expect(signOut(clientAnswering(200, { success: true }).call)).resolves.toBe(true);
    await expect(signOut(clientAnswering(401, { success: false }).call)).resolves.toBe(true);
    await expect(signOut(clientAnswering(503, { success: false }).call)).resolves.toBe(false);
  });

  it("changes the password, or hands back the server's problems", async () => {
    const changed = clientAnswering(200, { success: true, session: SESSION });
    await expect(changePassword(changed.call, 'old', 'new one')).resolves.toEqual({
      kind: 'changed',
      session: SESSION,
    });
    expect(changed.fetch).toHaveBeenCalledWith(
      '/api/auth/password',
      expect.objectContaining({ body: '{"current":"old","next":"new one"}' }),
    );
    const refused = clientAnswering(400, {
      success: false,
      msg: 'passwordRejected',
      problems: [{ field: 'next', code: 'tooShort', params: { min: 12 } }],
    });
    await expect(changePassword(refused.call, 'old', 'short')).resolves.toMatchObject({
      kind: 'refused',
      error: { status: 400, msg: 'passwordRejected' },
      problems: [{ field: 'next', code: 'tooShort', params: { min: 12 } }],
    });
  });
});
