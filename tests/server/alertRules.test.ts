import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn, type Person } from './people';

let server: TestServer;
let admin: Person;
let viewer: Person;

const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}` };
const JSON_TYPE = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'vic', 'viewer');
  admin = await signIn(server.app, 'ada');
  viewer = await signIn(server.app, 'vic');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : JSON_TYPE) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('alert rules', () => {
  it('are added, listed, changed and deleted by an admin, with a session or the token', async () => {
    const added = await call('POST', '/api/operator/alert-rules', admin.changing, {
      kind: 'machineFull',
      minutes: 240,
    });
    expect(added.statusCode, added.body).toBe(200);
    const rule = added.json().rule as { id: number };
    expect(added.json().rule).toMatchObject({ kind: 'machineFull', minutes: 240, district: null, enabled: true });

    const changed = await call('PATCH', `/api/operator/alert-rules/${rule.id}`, TOKEN, { district: 'SHA TIN' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().rule).toMatchObject({ id: rule.id, kind: 'machineFull', minutes: 240, district: 'SHA TIN' });

    const listed = await call('GET', '/api/operator/alert-rules', admin.reading);
    expect(listed.json().rules).toEqual([changed.json().rule]);

    expect((await call('DELETE', `/api/operator/alert-rules/${rule.id}`, admin.changing)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/operator/alert-rules/${rule.id}`, admin.changing)).json()).toEqual({
      success: false,
      msg: 'notFound',
    });
    expect((await call('GET', '/api/operator/alert-rules', TOKEN)).json().rules).toEqual([]);
  });

  it.each([
    [{ kind: 'machineFull', minutes: 0 }, undefined],
    [{ kind: 'machineFull', minutes: 1.5 }, undefined],
    [{ kind: 'nearlyFull', minutes: 5 }, undefined],
    [{ kind: 'machineFull', minutes: 5, district: 'ATLANTIS' }, undefined],
    [{ kind: 'feedFailing', minutes: 5, district: 'SHA TIN' }, 'a feedFailing rule has no district'],
    [{ kind: 'machineFull', minutes: 5, colour: 'red' }, undefined],
  ])('refuses %j with badRequest, and keeps nothing', async (body, problem) => {
    const answer = await call('POST', '/api/operator/alert-rules', TOKEN, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, msg: 'badRequest', ...(problem ? { problem } : {}) });
    expect(await server.engine.alerts.listRules()).toEqual([]);
  });

  it('is refused to a viewer, and to a session without its CSRF token', async () => {
    const body = { kind: 'notReporting', minutes: 30 };
    expect((await call('GET', '/api/operator/alert-rules', viewer.reading)).json()).toMatchObject({ msg: 'forbidden' });
    expect((await call('POST', '/api/operator/alert-rules', viewer.changing, body)).statusCode).toBe(403);
    const noCsrf = await call('POST', '/api/operator/alert-rules', admin.reading, body);
    expect(noCsrf.json()).toEqual({ success: false, msg: 'csrfRejected' });
    expect((await call('GET', '/api/operator/alert-rules', {})).statusCode).toBe(401);
    expect(await server.engine.alerts.listRules()).toEqual([]);
  });
});
