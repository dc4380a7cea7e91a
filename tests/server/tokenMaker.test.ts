import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDisabled } from '../../server/auth/manageAccounts';
import { startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

/**
 * A token ends with its maker's authority (issue 63 row 5, decision 0061), on SQLite and PostgreSQL: disabling the
 * admin who made it, or giving them another role, revokes it; and a token whose maker is no longer an active admin
 * is refused whatever its row says.
 */

let server: TestServer;
let ada: Person;
let bob: Person;
let cy: Person;

beforeAll(async () => {
  server = await startSeededTestServer();
  for (const name of ['ada', 'bob', 'cy', 'dee']) await addPerson(server.engine, name, 'admin');
  [ada, bob, cy] = (await Promise.all(['ada', 'bob', 'cy'].map((name) => signIn(server.app, name)))) as [
    Person,
    Person,
    Person,
  ];
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: { ...SAME_SITE, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function makeToken(by: Person, name: string, role: string): Promise<{ id: number; secret: string }> {
  const response = await call('POST', '/api/operator/tokens', by.changing, { name, role });
  expect(response.statusCode, response.body).toBe(200);
  const { token, secret } = response.json() as { token: { id: number }; secret: string };
  return { id: token.id, secret };
}

/** The red team's three calls with an admin token: read the webhooks, change a machine, add a webhook. */
const adminCalls = async (secret: string) => [
  (await call('GET', '/api/operator/webhooks', bearer(secret))).statusCode,
  (await call('PATCH', '/api/operator/machines/RVM-001', bearer(secret), { under_maintenance: true })).statusCode,
  (await call('POST', '/api/operator/webhooks', bearer(secret), { url: 'https://93.184.215.14/rvm-hook' })).statusCode,
];
const tokenOf = async (id: number) =>
  (
    (await call('GET', '/api/operator/tokens', ada.reading)).json() as {
      tokens: { id: number; state: string; revokedBy: string | null }[];
    }
  ).tokens.find((token) => token.id === id);
const changes = async () =>
  (
    (await call('GET', '/api/operator/access-audit', ada.reading)).json() as {
      changes: { action: string; subject: string; actor: string; detail: Record<string, unknown> }[];
    }
  ).changes;

describe("a token whose maker's authority ends", () => {
  it('is revoked when its maker is disabled, stays so when they are enabled again, and the audit says why', async () => {
    const { id, secret } = await makeToken(bob, 'bob-script', 'admin');
    expect(await adminCalls(secret)).toEqual([200, 200, 200]);

    const disabled = await call('PATCH', '/api/operator/people/bob', ada.changing, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await adminCalls(secret)).toEqual([401, 401, 401]);
    expect(await tokenOf(id)).toMatchObject({ state: 'revoked', revokedBy: 'ada' });
    expect((await changes())[0]).toMatchObject({
      action: 'tokenRevoked',
      subject: 'bob-script',
      actor: 'ada',
      detail: { id, role: 'admin', reason: 'makerDisabled' },
    });

    expect((await call('PATCH', '/api/operator/people/bob', ada.changing, { disabled: false })).statusCode).toBe(200);
    expect(await adminCalls(secret)).toEqual([401, 401, 401]);
  });

  it('is revoked when its maker is given another role, even a viewer token', async () => {
    const { id, secret } = await makeToken(cy, 'kiosk', 'viewer');
    expect((await call('GET', '/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    const demoted = await call('PATCH', '/api/operator/people/cy', ada.changing, { role: 'operator' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await call('GET', '/api/operator/machines', bearer(secret))).statusCode).toBe(401);
    expect(await tokenOf(id)).toMatchObject({ state: 'revoked', revokedBy: 'ada' });
    expect((await changes())[0]).toMatchObject({ subject: 'kiosk', detail: { reason: 'makerNotAdmin' } });
  });

  it('is refused at once when its maker is disabled by any other way, before any revocation is written', async () => {
    const dee = await signIn(server.app, 'dee');
    const { id, secret } = await makeToken(dee, 'dee-script', 'operator');
    expect((await call('GET', '/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    // As a change made straight in the store would leave it (an older command, a race with a disable).
    await setDisabled(server.engine.accounts, 'dee', true);
    expect((await call('GET', '/api/operator/machines', bearer(secret))).statusCode).toBe(401);
    await setDisabled(server.engine.accounts, 'dee', false);
    expect((await call('GET', '/api/operator/machines', bearer(secret))).statusCode).toBe(200);
    expect(await tokenOf(id)).toMatchObject({ state: 'active' });
  });

  it('leaves the tokens of an admin who stays one, whatever is done to another person', async () => {
    const { secret } = await makeToken(ada, 'ada-script', 'admin');
    const reset = await call('POST', '/api/operator/people/bob/password', ada.changing, {});
    expect(reset.statusCode).toBe(200);
    expect(await adminCalls(secret)).toEqual([200, 200, 200]);
  });
});
