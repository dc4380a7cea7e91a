import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, auth, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

/** Named API tokens (issue 52 point 4), on SQLite and PostgreSQL: made once, used, limited, expired, revoked. */

// The fixture machines: RVM-001 CENTRAL & WESTERN, RVM-002 KOWLOON CITY, RVM-003 SHA TIN.
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// The real time once the admin is added: a session older than its account's password is no session.
let now = new Date();
let server: TestServer;
let admin: Person;

beforeAll(async () => {
  server = await startSeededTestServer({}, { clock: () => now });
  await addPerson(server.engine, 'ada', 'admin');
  now = new Date();
  admin = await signIn(server.app, 'ada');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

interface TokenAnswer {
  token: { id: number; name: string; hint: string; state: string; lastUsedAt: string | null; expiresAt: string };
  secret: string;
}

const post = (url: string, body: unknown, headers: Record<string, string> = admin.changing) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url, headers: { ...SAME_SITE, ...headers } });
const patch = (id: string, body: unknown, headers: Record<string, string>) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/operator/machines/${id}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
const revoke = (id: number) =>
  server.app.inject({ method: 'DELETE', url: `/api/operator/tokens/${id}`, headers: admin.changing });

async function makeToken(body: Record<string, unknown>): Promise<TokenAnswer> {
  const response = await post('/api/operator/tokens', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const listed = async () =>
  ((await get('/api/operator/tokens', admin.reading)).json() as { tokens: TokenAnswer['token'][] }).tokens;

describe('a named token, made by an admin', () => {
  it('is answered once as rvm_…, and the database keeps only its SHA-256', async () => {
    const { token, secret } = await makeToken({ name: 'Sha-Tin-Controller', role: 'operator', districts: ['SHA TIN'] });
    expect(secret).toMatch(/^rvm_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'sha-tin-controller', hint: secret.slice(0, 8), state: 'active' });
    expect(Date.parse(token.expiresAt) - now.getTime()).toBe(90 * DAY); // by default
    const rows = await server.sql.all<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = ?', token.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret.slice(8));
    const [shown] = await listed();
    expect(shown).toMatchObject({ name: 'sha-tin-controller', createdBy: 'ada', revokedAt: null });
    expect(JSON.stringify(await listed())).not.toContain(secret.slice(8));
  });

  it('refuses a name a live token has, an admin token with districts, and an expiry over a year', async () => {
    expect((await post('/api/operator/tokens', { name: 'SHA-TIN-CONTROLLER', role: 'viewer' })).json()).toEqual({
      success: false,
      msg: 'nameTaken',
    });
    const adminWithDistricts = await post('/api/operator/tokens', { name: 'x', role: 'admin', districts: ['SHA TIN'] });
    expect(adminWithDistricts.statusCode).toBe(400);
    expect((await post('/api/operator/tokens', { name: 'y', role: 'viewer', expiresInDays: 366 })).statusCode).toBe(
      400,
    );
    expect((await post('/api/operator/tokens', { name: 'no spaces', role: 'viewer' })).statusCode).toBe(400);
    expect((await post('/api/operator/tokens', { name: 'ѕha-tin-controller', role: 'viewer' })).statusCode).toBe(400);
    const lookalike = await post('/api/operator/tokens', { name: 'sha-tin-contro1ler', role: 'viewer' });
    expect([lookalike.statusCode, lookalike.json()]).toEqual([
      409,
      { success: false, msg: 'nameConfusable', like: 'sha-tin-controller' },
    ]);
  });
});

describe('a call with a named token', () => {
  it('may do what a person of its role and districts may, and the audit names the token', async () => {
    const { secret } = await makeToken({ name: 'shatin-2', role: 'operator', districts: ['SHA TIN'] });
    expect((await patch('RVM-003', { status: 'Full' }, bearer(secret))).statusCode).toBe(200);
    const audit = await server.sql.get<{ actor: string; actor_kind: string }>(
      'SELECT actor, actor_kind FROM machine_status_audit WHERE machine_id = ? ORDER BY id DESC LIMIT 1',
      'RVM-003',
    );
    expect(audit).toEqual({ actor: 'shatin-2', actor_kind: 'token' });
    expect((await patch('RVM-001', { status: 'Full' }, bearer(secret))).json()).toEqual({
      success: false,
      msg: 'forbidden',
    });
    const machines = (await get('/api/operator/machines', bearer(secret))).json() as { rvms: { id: string }[] };
    expect(machines.rvms.map((machine) => machine.id)).toEqual(['RVM-003']);
    const entries = (await get('/api/operator/audit?machine=RVM-003', auth())).json() as {
      entries: { actor: string; actorKind: string }[];
    };
    expect(entries.entries[0]).toMatchObject({ actor: 'shatin-2', actorKind: 'token' });
  });

  it('of the viewer role reads but changes nothing, and no token manages people or tokens', async () => {
    const { secret } = await makeToken({ name: 'wallboard', role: 'viewer' });
    expect((await get('/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    expect((await patch('RVM-001', { under_maintenance: true }, bearer(secret))).statusCode).toBe(403);
    const { secret: adminSecret } = await makeToken({ name: 'admin-script', role: 'admin' });
    expect((await patch('RVM-001', { under_maintenance: false }, bearer(adminSecret))).statusCode).toBe(200);
    for (const headers of [bearer(adminSecret), auth(ADMIN_TOKEN)]) {
      expect((await get('/api/operator/tokens', headers)).statusCode).toBe(403);
      expect((await get('/api/operator/people', headers)).statusCode).toBe(403);
      expect((await post('/api/operator/tokens', { name: 'z', role: 'admin' }, headers)).statusCode).toBe(403);
    }
  });

  it('that is malformed, unknown, or sent with a good cookie is 401', async () => {
    for (const value of ['rvm_short', `rvm_${'A'.repeat(43)}`, 'Basic abc']) {
      const response = await get('/api/operator/machines', {
        authorization: value.startsWith('Basic') ? value : `Bearer ${value}`,
      });
      expect(response.statusCode, value).toBe(401);
    }
    const withCookie = await get('/api/operator/machines', { ...admin.reading, ...bearer(`rvm_${'B'.repeat(43)}`) });
    expect(withCookie.statusCode).toBe(401);
  });

  it('records its last use at most once a minute', async () => {
    const { token, secret } = await makeToken({ name: 'busy-script', role: 'viewer' });
    const lastUse = async () => (await listed()).find((t) => t.id === token.id)!.lastUsedAt;
    expect(await lastUse()).toBeNull();
    const writes = vi.spyOn(server.engine.tokens, 'recordUse');
    await Promise.all(Array.from({ length: 20 }, () => get('/api/operator/machines', bearer(secret))));
    await vi.waitFor(async () => expect(await lastUse()).toBe(now.toISOString()));
    expect(writes).toHaveBeenCalledTimes(1);
    const first = now;
    now = new Date(first.getTime() + 30 * 1000);
    await get('/api/operator/machines', bearer(secret));
    expect(writes).toHaveBeenCalledTimes(1);
    now = new Date(first.getTime() + MINUTE);
    await get('/api/operator/machines', bearer(secret));
    await vi.waitFor(async () => expect(await lastUse()).toBe(now.toISOString()));
    expect(writes).toHaveBeenCalledTimes(2);
    writes.mockRestore();
  });
});

describe('a token that has ended', () => {
  it('is 401 on every route once revoked; its name is free again; the audit names the admin', async () => {
    const { token, secret } = await makeToken({ name: 'revoke-me', role: 'admin' });
    expect((await get('/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    const revoked = await revoke(token.id);
    expect(revoked.json()).toMatchObject({ success: true, token: { state: 'revoked', revokedBy: 'ada' } });
    for (const response of [
      await get('/api/operator/machines', bearer(secret)),
      await get('/api/operator/audit', bearer(secret)),
      await patch('RVM-001', { under_maintenance: true }, bearer(secret)),
      await server.app.inject({ method: 'POST', url: '/api/upload', headers: bearer(secret) }),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect((await revoke(token.id)).statusCode).toBe(404);
    expect((await makeToken({ name: 'revoke-me', role: 'viewer' })).token.id).not.toBe(token.id);
    const { changes } = (await get('/api/operator/access-audit', admin.reading)).json() as {
      changes: { action: string; subject: string; actor: string; actorKind: string; address: string }[];
    };
    expect(changes.find((change) => change.action === 'tokenRevoked')).toMatchObject({
      subject: 'revoke-me',
      actor: 'ada',
      actorKind: 'person',
      address: '127.0.0.1',
    });
    expect(changes.filter((change) => change.action === 'tokenCreated').length).toBeGreaterThanOrEqual(6);
  });

  it('is 401 on every route once it has expired, and listed as expired', async () => {
    const { token, secret } = await makeToken({ name: 'one-day', role: 'admin', expiresInDays: 1 });
    expect((await get('/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    now = new Date(Date.parse(token.expiresAt));
    for (const response of [
      await get('/api/operator/machines', bearer(secret)),
      await get('/api/metrics', bearer(secret)),
      await patch('RVM-001', { under_maintenance: true }, bearer(secret)),
    ]) {
      expect(response.json()).toEqual({ success: false, msg: 'unauthorized' });
    }
    admin = await signIn(server.app, 'ada'); // a day on, the earlier session has ended too
    expect((await listed()).find((t) => t.id === token.id)!.state).toBe('expired');
  });
});
