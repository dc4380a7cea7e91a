import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/accounts/passwordHash';
import { LastAdminError } from '../../server/db/accountStore';
import { startTestServer, type TestServer } from './helpers';
import { addPerson, PASSWORD, PEOPLE_SETUP_MS, SAME_SITE, signIn, signInRequest, type Person } from './people';

/** People managed by admins in the console (issue 52 point 4), on SQLite and PostgreSQL. */

let server: TestServer;
let ada: Person;
let bob: Person;

beforeAll(async () => {
  server = await startTestServer();
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'bob', 'admin');
  await addPerson(server.engine, 'vic', 'viewer');
  [ada, bob] = (await Promise.all(['ada', 'bob'].map((name) => signIn(server.app, name)))) as [Person, Person];
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, by: Person, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: {
      ...(method === 'GET' ? by.reading : by.changing),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const person = (name: string, by: Person, body: unknown) =>
  call('PATCH', `/api/operator/people/${encodeURIComponent(name)}`, by, body);
const msgOf = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  (response.json() as { msg?: string }).msg,
];
const lastChange = async () =>
  ((await call('GET', '/api/operator/access-audit', ada)).json() as { changes: Record<string, unknown>[] }).changes[0];

describe('the people list', () => {
  it("shows each person's role, districts, state and times, never a password hash", async () => {
    const response = await call('GET', '/api/operator/people', ada);
    expect(response.statusCode).toBe(200);
    const { people } = response.json() as { people: Record<string, unknown>[] };
    expect(people.map((p) => p.name)).toEqual(['ada', 'bob', 'vic']);
    expect(people[0]).toMatchObject({ role: 'admin', districts: [], disabled: false, mustChangePassword: false });
    expect(typeof people[0]!.lastSignInAt).toBe('string');
    expect(people[2]!.lastSignInAt).toBeNull();
    expect(response.body).not.toContain('argon2');
  });
});

describe('adding a person', () => {
  it('makes a one-time password the person must replace at their first sign-in', async () => {
    const response = await call('POST', '/api/operator/people', ada, {
      name: ' Olive ',
      role: 'operator',
      districts: ['SHA TIN', 'TAI PO'], // kept in the spec's order, by area
    });
    expect(response.statusCode, response.body).toBe(200);
    const { person: added, password } = response.json() as { person: Record<string, unknown>; password: string };
    expect(added).toMatchObject({ name: 'olive', districts: ['TAI PO', 'SHA TIN'], mustChangePassword: true });
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const olive = await signIn(server.app, 'olive', password);
    const guarded = await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: olive.reading });
    expect(msgOf(guarded)).toEqual([403, 'passwordChangeRequired']);
    expect(await lastChange()).toMatchObject({
      action: 'personAdded',
      subject: 'olive',
      actor: 'ada',
      actorKind: 'person',
      detail: { role: 'operator', oneTimePassword: true },
    });
  });

  it('takes a first password the admin chose, and refuses a weak one, a taken name and a bad name', async () => {
    const chosen = await call('POST', '/api/operator/people', ada, { name: 'pam', role: 'viewer', password: PASSWORD });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).not.toHaveProperty('password');
    expect(chosen.json()).toMatchObject({ person: { mustChangePassword: true } });
    const weak = await call('POST', '/api/operator/people', ada, { name: 'pat', role: 'viewer', password: 'short' });
    expect(weak.json()).toMatchObject({ msg: 'passwordRejected', problems: [{ field: 'password', code: 'tooShort' }] });
    for (const [password, code] of [
      [' '.repeat(12), 'tooFewVisible'],
      ['\u200B'.repeat(12), 'invisibleCharacters'],
      ['\u202Eabcdefghijkl', 'invisibleCharacters'],
    ] as const) {
      const hidden = await call('POST', '/api/operator/people', ada, { name: 'pat', role: 'viewer', password });
      expect([hidden.statusCode, hidden.json()], JSON.stringify(password)).toEqual([
        400,
        {
          success: false,
          msg: 'passwordRejected',
          problems: [{ field: 'password', code, params: expect.any(Object) }],
        },
      ]);
    }
    expect(msgOf(await call('POST', '/api/operator/people', ada, { name: 'PAM', role: 'viewer' }))).toEqual([
      409,
      'nameTaken',
    ]);
    expect(msgOf(await call('POST', '/api/operator/people', ada, { name: 'no spaces', role: 'viewer' }))).toEqual([
      400,
      'badRequest',
    ]);
    const admins = await call('POST', '/api/operator/people', ada, {
      name: 'al',
      role: 'admin',
      districts: ['SHA TIN'],
    });
    expect(msgOf(admins)).toEqual([400, 'badRequest']);
    expect(await server.engine.accounts.get('pat')).toBeNull();
  });

  it('refuses a name of another script or one that looks like a person’s; an earlier such name still signs in', async () => {
    // The red team's pair: ann, then аnn with a Cyrillic а; both would read "ann" in the audit.
    expect((await call('POST', '/api/operator/people', ada, { name: 'ann', role: 'admin' })).statusCode).toBe(200);
    const cyrillic = await call('POST', '/api/operator/people', ada, { name: 'аnn', role: 'admin' });
    expect([cyrillic.statusCode, cyrillic.json()]).toEqual([
      400,
      { success: false, msg: 'badRequest', problem: expect.stringMatching(/letters a-z and digits/) },
    ]);
    const zero = await call('POST', '/api/operator/people', ada, { name: 'B0B', role: 'viewer' });
    expect([zero.statusCode, zero.json()]).toEqual([409, { success: false, msg: 'nameConfusable', like: 'bob' }]);

    // An account of another script made before the rule: it signs in, and a Latin twin is refused.
    const vic = (await server.engine.accounts.get('vic'))!;
    await server.engine.accounts.add({ ...vic, name: 'сhan', passwordHash: await hashPassword(PASSWORD) });
    const twin = await call('POST', '/api/operator/people', ada, { name: 'chan', role: 'viewer' });
    expect([twin.statusCode, twin.json()]).toEqual([409, { success: false, msg: 'nameConfusable', like: 'сhan' }]);
    expect((await signIn(server.app, 'сhan')).name).toBe('сhan');
    for (const refused of ['аnn', 'b0b', 'chan']) expect(await server.engine.accounts.get(refused), refused).toBeNull();
  });
});

describe('changing a person', () => {
  it('changes role and districts, audited with what changed', async () => {
    const response = await person('vic', ada, { role: 'operator', districts: ['SHA TIN'] });
    expect(response.json()).toMatchObject({ person: { name: 'vic', role: 'operator', districts: ['SHA TIN'] } });
    expect(await lastChange()).toMatchObject({
      action: 'personChanged',
      subject: 'vic',
      actor: 'ada',
      detail: { role: { from: 'viewer', to: 'operator' }, districts: { from: [], to: ['SHA TIN'] } },
    });
    expect((await person('vic', ada, { role: 'admin' })).json()).toMatchObject({ person: { districts: [] } });
    expect((await person('vic', ada, { role: 'viewer' })).statusCode).toBe(200);
    expect(msgOf(await person('nobody-here', ada, { role: 'viewer' }))).toEqual([404, 'notFound']);
  });

  it('disabling ends their sessions at once and they cannot sign in; enabling lets them back', async () => {
    const vic = await signIn(server.app, 'vic');
    expect((await person('vic', ada, { disabled: true })).statusCode).toBe(200);
    const after = await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: vic.reading });
    expect(after.statusCode).toBe(401);
    expect(await server.sql.value('SELECT count(*) FROM sessions WHERE account = ?', 'vic')).toBe(0);
    expect((await signInRequest(server.app, 'vic')).statusCode).toBe(401);
    expect(await lastChange()).toMatchObject({ action: 'personDisabled', subject: 'vic', actor: 'ada' });
    expect((await person('vic', ada, { disabled: false })).statusCode).toBe(200);
    expect((await signInRequest(server.app, 'vic')).statusCode).toBe(200);
  });

  it('an admin cannot disable, demote or reset themselves', async () => {
    expect(msgOf(await person('ada', ada, { disabled: true }))).toEqual([409, 'ownAccount']);
    expect(msgOf(await person('ada', ada, { role: 'operator' }))).toEqual([409, 'ownAccount']);
    expect(msgOf(await call('POST', '/api/operator/people/ada/password', ada))).toEqual([409, 'ownAccount']);
    expect(await server.engine.accounts.get('ada')).toMatchObject({ role: 'admin', disabled: false });
  });

  it('is refused to anyone but an admin signed in', async () => {
    const vic = await signIn(server.app, 'vic');
    expect(msgOf(await person('vic', vic, { role: 'admin' }))).toEqual([403, 'forbidden']);
    const noCsrf = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/people/vic',
      headers: { cookie: ada.cookie, ...SAME_SITE, 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 'admin' }),
    });
    expect(msgOf(noCsrf)).toEqual([403, 'csrfRejected']);
  });
});

describe('the last active admin', () => {
  it('is kept by the store: a change that would leave none writes nothing', async () => {
    await addPerson(server.engine, 'solo', 'operator');
    // Alone with no other admin: the store alone is asked, as a race between two admins would leave it.
    await server.sql.run("UPDATE accounts SET disabled = ? WHERE role = 'admin' AND name <> 'ada'", usingTrue());
    await expect(
      server.engine.accounts.update('ada', { role: 'operator' }, { keepAnAdmin: true }),
    ).rejects.toBeInstanceOf(LastAdminError);
    await expect(
      server.engine.accounts.update('ada', { disabled: true }, { keepAnAdmin: true, endSessions: true }),
    ).rejects.toBeInstanceOf(LastAdminError);
    expect(await server.engine.accounts.get('ada')).toMatchObject({ role: 'admin', disabled: false });
    expect(await server.sql.value('SELECT count(*) FROM sessions WHERE account = ?', 'ada')).not.toBe(0);
    await server.sql.run("UPDATE accounts SET disabled = ? WHERE name = 'bob'", usingFalse());
  });

  it('survives two admins demoting each other at once: one of them stays an admin', async () => {
    const answers = await Promise.all([person('bob', ada, { role: 'viewer' }), person('ada', bob, { role: 'viewer' })]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = (await server.engine.accounts.list()).filter((p) => p.role === 'admin' && !p.disabled);
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });
});

describe("resetting a person's password", () => {
  it('ends their sessions; the old password fails; the one-time one signs in and must be replaced', async () => {
    // Whichever of the two is still an admin after the race above.
    const stillAdmin = (await server.engine.accounts.list()).find((p) => p.role === 'admin' && !p.disabled)!;
    const admin = await signIn(server.app, stillAdmin.name);
    const vic = await signIn(server.app, 'vic');
    const response = await call('POST', '/api/operator/people/vic/password', admin);
    expect(response.statusCode, response.body).toBe(200);
    const { password, person: reset } = response.json() as { password: string; person: Record<string, unknown> };
    expect(reset).toMatchObject({ name: 'vic', mustChangePassword: true });
    const old = await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: vic.reading });
    expect(old.statusCode).toBe(401);
    expect((await signInRequest(server.app, 'vic')).statusCode).toBe(401);
    const fresh = await signIn(server.app, 'vic', password);
    const guarded = await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: fresh.reading });
    expect(msgOf(guarded)).toEqual([403, 'passwordChangeRequired']);
    const changes = (await call('GET', '/api/operator/access-audit', admin)).json() as {
      changes: Record<string, unknown>[];
    };
    expect(changes.changes[0]).toMatchObject({ action: 'passwordReset', subject: 'vic', actor: admin.name });
    expect(JSON.stringify(changes)).not.toContain(password);
  });
});

/** A boolean column's value as the engine stores it. */
const usingTrue = () => (server.engine.kind === 'postgres' ? true : 1);
const usingFalse = () => (server.engine.kind === 'postgres' ? false : 0);
