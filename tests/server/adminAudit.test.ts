import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, makePng, multipart, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, signInRequest, type Person } from './people';

/**
 * Every change an admin can make is in the audit (issue 63 row 7), on SQLite and PostgreSQL: alert rules, webhooks
 * and their secrets, a photo stored before any machine has it, with who, when and from where, in the access audit and
 * in the console's audit log; and a refused sign-in is logged with the name tried, never the password.
 */

// A receiver on a public address: only its being kept is tested here, nothing is sent to it.
const RECEIVER = 'https://93.184.215.14/rvm-hook?key=s3cret-in-the-query';

let server: TestServer;
let ada: Person;
let sam: Person;
const logged: string[] = [];

beforeAll(async () => {
  // The sign-in refusals are logged at info: the level that keeps every authentication decision (decision 0045).
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  server = await startSeededTestServer({ logLevel: 'info' });
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'sam', 'operator');
  ada = await signIn(server.app, 'ada');
  sam = await signIn(server.app, 'sam');
}, PEOPLE_SETUP_MS);
afterAll(async () => {
  await server.close();
  vi.restoreAllMocks();
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers: { ...SAME_SITE, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Record<string, { id: number } & Record<string, unknown>> & { id: string };
}

interface Change {
  action: string;
  subject: string;
  actor: string;
  actorKind: string;
  address: string | null;
  detail: Record<string, unknown>;
}
const accessChanges = async () =>
  ((await send('GET', '/api/operator/access-audit', ada.reading)).json() as { changes: Change[] }).changes;

describe('the audit of changes outside the machines', () => {
  it('keeps each alert rule and webhook made, changed, given a new secret and deleted, with who and where', async () => {
    const { rule } = await ok(
      send('POST', '/api/operator/alert-rules', ada.changing, { kind: 'machineFull', minutes: 30 }),
    );
    await ok(send('PATCH', `/api/operator/alert-rules/${rule!.id}`, ada.changing, { minutes: 45 }));
    await ok(send('DELETE', `/api/operator/alert-rules/${rule!.id}`, ada.changing));
    const { webhook } = await ok(send('POST', '/api/operator/webhooks', ada.changing, { url: RECEIVER }));
    const hook = String(webhook!.id);
    await ok(send('PATCH', `/api/operator/webhooks/${hook}`, ada.changing, { enabled: false, description: 'ops' }));
    await ok(send('PATCH', `/api/operator/webhooks/${hook}`, ada.changing, { rotateSecret: true }));
    await ok(send('PATCH', `/api/operator/webhooks/${hook}`, auth(), { secret: 'a secret the admin chose 123' }));
    await ok(send('DELETE', `/api/operator/webhooks/${hook}`, ada.changing));

    // Exactly these eight: a new secret alone changes no other field (it once reset the description and enabled).
    const changes = (await accessChanges()).reverse();
    const shownUrl = 'https://93.184.215.14/rvm-hook?key=…';
    const token = { actor: expect.stringMatching(/^[0-9a-f]{8}$/), actorKind: 'token' };
    const byAda = { actor: 'ada', actorKind: 'person', address: '127.0.0.1' };
    expect(changes).toEqual([
      {
        ...byAda,
        at: expect.any(String),
        action: 'alertRuleAdded',
        subject: String(rule!.id),
        detail: { kind: 'machineFull', minutes: 30, district: null, enabled: true },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'alertRuleChanged',
        subject: String(rule!.id),
        detail: { minutes: { from: 30, to: 45 } },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'alertRuleDeleted',
        subject: String(rule!.id),
        detail: { kind: 'machineFull', minutes: 45, district: null, enabled: true },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'webhookAdded',
        subject: hook,
        detail: { url: shownUrl, description: '', enabled: true, secret: 'made' },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'webhookChanged',
        subject: hook,
        detail: { description: { from: '', to: 'ops' }, enabled: { from: true, to: false } },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'webhookSecretChanged',
        subject: hook,
        detail: { url: shownUrl, secret: 'made' },
      },
      {
        ...token,
        address: '127.0.0.1',
        at: expect.any(String),
        action: 'webhookSecretChanged',
        subject: hook,
        detail: { url: shownUrl, secret: 'given' },
      },
      {
        ...byAda,
        at: expect.any(String),
        action: 'webhookDeleted',
        subject: hook,
        detail: { url: shownUrl, description: 'ops', enabled: false },
      },
    ]);
    // Never a secret, nor the receiver's query values.
    expect(JSON.stringify(changes)).not.toMatch(/s3cret|a secret the admin chose|[0-9a-f]{64}/);
  });

  it('keeps a photo stored by an operator at once, before any machine is given it', async () => {
    const form = await multipart({
      file: { data: makePng(8, 8, [10, 120, 60]), filename: 'front.png', type: 'image/png' },
    });
    const { id } = await ok(
      server.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...form.headers, ...sam.changing },
        payload: form.payload,
      }),
    );
    expect((await accessChanges())[0]).toMatchObject({
      action: 'photoUploaded',
      subject: id,
      actor: 'sam',
      actorKind: 'person',
      address: '127.0.0.1',
      detail: { type: 'image/png', name: 'front.png', bytes: expect.any(Number) },
    });
  });

  it("is in the console's audit log for an admin signed in, filtered by person, and in its CSV; not for others", async () => {
    const page = async (headers: Record<string, string>, query = '') =>
      (await send('GET', `/api/operator/audit${query}`, headers)).json() as {
        entries: { kind: string; actor: string; machineId: string | null; after: Record<string, unknown> }[];
      };
    const mine = await page(ada.reading, '?person=ada');
    expect(mine.entries.filter((entry) => entry.kind === 'access').map((entry) => entry.after.action)).toEqual([
      'webhookDeleted',
      'webhookSecretChanged',
      'webhookChanged',
      'webhookAdded',
      'alertRuleDeleted',
      'alertRuleChanged',
      'alertRuleAdded',
    ]);
    expect(mine.entries.find((entry) => entry.kind === 'access')).toMatchObject({
      actor: 'ada',
      machineId: null,
      after: { action: 'webhookDeleted', subject: expect.any(String), detail: { enabled: false } },
    });
    const csv = (await send('GET', '/api/operator/audit.csv', ada.reading)).body;
    expect(csv).toMatch(/access-\d+,.*,sam,person,127\.0\.0\.1,,access,,"\{""action"":""photoUploaded""/);
    // An operator, a viewer's districts, the operator token: the machines' changes only.
    for (const headers of [sam.reading, auth()]) {
      expect((await page(headers)).entries.some((entry) => entry.kind === 'access')).toBe(false);
    }
    expect((await page(ada.reading, '?machine=RVM-001')).entries.some((entry) => entry.kind === 'access')).toBe(false);
  });
});

describe('a refused sign-in', () => {
  it('is logged with the name tried and the address, never the password', async () => {
    logged.length = 0;
    expect((await signInRequest(server.app, ' Mallory ', 'hunter2 is my password')).statusCode).toBe(401);
    const line = logged
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'sign-in refused');
    expect(line).toMatchObject({ name: 'mallory', address: '127.0.0.1' });
    expect(logged.join('')).not.toContain('hunter2');
  });
});
