import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionHandle, sessionIdHash } from '../../server/auth/sessions';
import type { ReportChallenge } from '../../shared/contract/problemReport';
import { solveReportChallenge } from '../../shared/solveReportChallenge';
import { ADMIN_TOKEN, makePng, multipart, startSeededTestServer, type TestServer } from './helpers';
import { openProbeHold } from './probeHold';
import { newTokenSecret, tokenExpiry, tokenHint, tokenSecretHash } from '../../server/accounts/apiToken';
import { addPerson, PASSWORD, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

/**
 * Every operation of the OpenAPI document, called by each kind of caller, against one table of answers (issue 50
 * point 4). A route added without a row here fails the test, so no route escapes the question of who may call it.
 */

const CALLERS = ['nobody', 'viewer', 'operator', 'admin', 'token', 'viewerToken', 'staleAdmin'] as const;
type CallerName = (typeof CALLERS)[number];
type Row = Record<Exclude<CallerName, 'viewerToken' | 'staleAdmin'>, number>;
const row = (nobody: number, viewer: number, operator: number, admin: number, token: number): Row => ({
  nobody,
  viewer,
  operator,
  admin,
  token,
});
const EVERYONE_200 = row(200, 200, 200, 200, 200);

// The machine every call is about, RVM-001, is in CENTRAL & WESTERN; the operator is limited to SHA TIN. The viewer
// and the admin have every district; the token is an admin's. A named API token of the viewer role (viewerToken) answers
// as the viewer does, except on the calls no token makes (a session's own), where it is the operator token's 401.
const MACHINE = 'RVM-001';
const MACHINE_DISTRICT = encodeURIComponent('CENTRAL & WESTERN');

/** `METHOD path` as the document writes it → the status each caller gets. HEAD answers as its GET. */
const TABLE: Record<string, Row> = {
  //                                         nobody viewer operator admin token
  'POST /api/auth/login': EVERYONE_200, // the probe's own name and password
  'POST /api/auth/logout': EVERYONE_200, // (both with a session of the caller's own, signed in for the call)
  'POST /api/auth/session': row(401, 200, 200, 200, 401),
  'POST /api/auth/password': row(401, 400, 400, 400, 401), // the current password again: sameAsCurrent
  'GET /api/auth/sessions': row(401, 200, 200, 200, 401), // a token has no sessions
  'DELETE /api/auth/sessions': row(401, 200, 200, 200, 401),
  'DELETE /api/auth/sessions/{handle}': row(401, 200, 200, 200, 401), // another session of the caller's own
  'POST /api/auth/second-factor': row(401, 400, 400, 400, 401), // the session is past that step
  'POST /api/auth/step-up': row(401, 200, 200, 200, 401), // the password
  'GET /api/auth/factors': row(401, 200, 200, 200, 401),
  'POST /api/auth/factors/totp': row(401, 200, 200, 200, 401),
  'POST /api/auth/factors/totp/confirm': row(401, 400, 400, 400, 400), // no code in the body
  'DELETE /api/auth/factors/totp': row(401, 200, 200, 200, 401), // nothing to remove
  'POST /api/auth/factors/recovery-codes': row(401, 404, 404, 404, 401), // no app set up
  'POST /api/auth/passkey/sign-in-options': EVERYONE_200, // a challenge for any passkey, bound to a cookie
  'POST /api/auth/passkey/sign-in': row(400, 400, 400, 400, 400), // no passkey's answer in the body
  'POST /api/auth/passkey/options': row(401, 200, 200, 200, 401), // the session's own challenge
  'POST /api/auth/factors/passkeys/options': row(401, 200, 200, 200, 401),
  'POST /api/auth/factors/passkeys': row(401, 400, 400, 400, 400), // no passkey's answer in the body
  'PATCH /api/auth/factors/passkeys/{id}': row(401, 404, 404, 404, 401), // no passkey of that id
  'DELETE /api/auth/factors/passkeys/{id}': row(401, 404, 404, 404, 401),
  'GET /api/operator/factor-policy': row(401, 403, 403, 200, 403),
  'PATCH /api/operator/factor-policy': row(401, 403, 403, 200, 403),
  'POST /api/operator/people/{name}/factors/reset': row(401, 403, 403, 200, 403),
  'POST /api/rvm/': EVERYONE_200,
  'GET /api/file/{id}': EVERYONE_200,
  'POST /api/upload': row(401, 403, 200, 200, 200),
  'PATCH /api/operator/machines/{id}': row(401, 403, 403, 200, 200),
  'GET /api/operator/machines': row(401, 200, 200, 200, 200),
  'GET /api/operator/machines/{id}': row(401, 200, 403, 200, 200),
  'GET /api/operator/machines.csv': row(401, 200, 200, 200, 200),
  'POST /api/operator/import/preview': row(401, 403, 200, 200, 200), // RVM-001's row: refused for the operator, a 200
  'POST /api/operator/import': row(401, 403, 409, 409, 409), // with a key no preview gave: importOutdated
  'GET /api/operator/reports': row(401, 200, 200, 200, 200),
  'GET /api/operator/reports/closed': row(401, 200, 200, 200, 200),
  'GET /api/operator/reports/counts': row(401, 200, 200, 200, 200),
  // Of RVM-003, in the operator's district: closing reports is acting on machines, not for viewers (decision 0072).
  'POST /api/operator/reports/{id}/close': row(401, 403, 200, 200, 200), // a report made for the call
  'POST /api/operator/machines/{id}/reports/close': row(401, 403, 200, 200, 200),
  'GET /api/operator/audit': row(401, 200, 403, 200, 200), // ?machine=RVM-001
  'GET /api/operator/audit.csv': row(401, 200, 403, 200, 200), // ?machine=RVM-001
  'GET /api/operator/about': row(401, 403, 403, 200, 200), // as /api/metrics, which names the build too
  'GET /api/operator/alert-rules': row(401, 403, 403, 200, 200),
  'POST /api/operator/alert-rules': row(401, 403, 403, 200, 200),
  'PATCH /api/operator/alert-rules/{id}': row(401, 403, 403, 200, 200), // a rule made for the call
  'DELETE /api/operator/alert-rules/{id}': row(401, 403, 403, 200, 200),
  'GET /api/operator/alerts': row(401, 200, 200, 200, 200),
  'GET /api/operator/alerts/history': row(401, 200, 200, 200, 200),
  'GET /api/operator/webhooks': row(401, 403, 403, 200, 200),
  'POST /api/operator/webhooks': row(401, 403, 403, 200, 200),
  'PATCH /api/operator/webhooks/{id}': row(401, 403, 403, 200, 200), // a webhook made for the call
  'DELETE /api/operator/webhooks/{id}': row(401, 403, 403, 200, 200),
  'GET /api/operator/webhooks/{id}/deliveries': row(401, 403, 403, 200, 200),
  'GET /api/operator/feed': row(401, 200, 200, 200, 200),
  'GET /api/operator/service/open': row(401, 200, 403, 200, 200), // ?district= RVM-001's, outside the operator's
  'GET /api/operator/service/episodes': row(401, 200, 403, 200, 200), // ?month=2026-11&district= RVM-001's
  'GET /api/operator/service/episodes.csv': row(401, 200, 403, 200, 200),
  'GET /api/operator/service/month': row(401, 200, 403, 200, 200),
  'GET /api/operator/service/promise': row(401, 200, 200, 200, 200),
  'PATCH /api/operator/service/promise': row(401, 403, 403, 200, 200),
  'POST /api/operator/feed/holds/{id}/confirm': row(401, 403, 403, 200, 200), // a hold made for the call
  'POST /api/operator/feed/holds/{id}/reject': row(401, 403, 403, 200, 200),
  'GET /api/operator/people': row(401, 403, 403, 200, 403), // people and tokens: an admin signed in, never a token
  'POST /api/operator/people': row(401, 403, 403, 200, 403),
  'PATCH /api/operator/people/{name}': row(401, 403, 403, 200, 403),
  'POST /api/operator/people/{name}/password': row(401, 403, 403, 200, 403),
  'POST /api/operator/people/{name}/unlock': row(401, 403, 403, 200, 403),
  'GET /api/operator/access-audit': row(401, 403, 403, 200, 403),
  'GET /api/operator/tokens': row(401, 403, 403, 200, 403),
  'POST /api/operator/tokens': row(401, 403, 403, 200, 403),
  'DELETE /api/operator/tokens/{id}': row(401, 403, 403, 200, 403), // a token made for the call
  'GET /api/operator/embed-origins': row(401, 403, 403, 200, 403), // the embed origins: as people and tokens
  'POST /api/operator/embed-origins': row(401, 403, 403, 200, 403), // an origin of its own each time
  'DELETE /api/operator/embed-origins': row(401, 403, 403, 200, 403), // an origin added for the call
  'GET /api/events': EVERYONE_200,
  'GET /api/health': EVERYONE_200,
  'GET /api/health/live': EVERYONE_200,
  'GET /api/health/ready': EVERYONE_200,
  'POST /api/feed/': EVERYONE_200,
  'GET /api/reports/challenge': EVERYONE_200,
  'POST /api/reports': row(201, 201, 201, 201, 201), // a solved challenge of its own each time
  'GET /api/rvm/{id}/history': EVERYONE_200,
  'GET /api/metrics': row(401, 403, 403, 200, 200),
  'GET /api/openapi.json': EVERYONE_200,
  'GET /runtime-config.js': EVERYONE_200,
  'GET /examples': row(302, 302, 302, 302, 302),
  'GET /examples/host.html': EVERYONE_200,
  'GET /examples/host.js': EVERYONE_200,
  'GET /examples/host.css': EVERYONE_200,
};

interface Operation {
  method: string;
  path: string;
}

let server: TestServer;
let origin: string;
let operations: Operation[];
let photoId: string;
const people = {} as Record<'viewer' | 'operator' | 'admin' | 'staleAdmin', Person>;
let viewerToken: string;

/**
 * The admin acts (decision 0068): an admin signed in whose last password or code is older than the step-up time
 * (staleAdmin) is refused them with 403 stepUpRequired, and answered as the admin everywhere else.
 */
const STEP_UP_OPERATIONS = new Set([
  'POST /api/operator/people',
  'PATCH /api/operator/people/{name}',
  'POST /api/operator/people/{name}/password',
  'POST /api/operator/people/{name}/unlock',
  'POST /api/operator/people/{name}/factors/reset',
  'POST /api/operator/tokens',
  'DELETE /api/operator/tokens/{id}',
  'POST /api/operator/alert-rules',
  'PATCH /api/operator/alert-rules/{id}',
  'DELETE /api/operator/alert-rules/{id}',
  'POST /api/operator/webhooks',
  'PATCH /api/operator/webhooks/{id}',
  'DELETE /api/operator/webhooks/{id}',
  'PATCH /api/operator/factor-policy',
  'PATCH /api/operator/service/promise',
  'POST /api/auth/factors/totp',
  'DELETE /api/auth/factors/totp',
  'POST /api/auth/factors/recovery-codes',
  'POST /api/auth/factors/passkeys/options',
  'DELETE /api/auth/factors/passkeys/{id}',
  'POST /api/operator/embed-origins',
  'DELETE /api/operator/embed-origins',
]);

/**
 * What a named token of the viewer role gets: the viewer's answer, or 401 where no token is a caller at all; what an
 * admin not stepped up gets: the admin's, but on an admin act.
 */
const expectedFor = (caller: CallerName, expected: Row, key: string): number => {
  if (caller === 'staleAdmin') return STEP_UP_OPERATIONS.has(key) ? 403 : expected.admin;
  if (caller !== 'viewerToken') return expected[caller];
  return expected.token === 401 && expected.admin !== 401 ? 401 : expected.viewer;
};

async function madeToken(name: string): Promise<{ id: number; secret: string }> {
  const secret = newTokenSecret();
  const now = new Date();
  const token = await server.engine.tokens.add({
    name,
    secretHash: tokenSecretHash(secret),
    hint: tokenHint(secret),
    role: 'viewer',
    districts: [],
    createdBy: 'ada',
    createdAt: now.toISOString(),
    expiresAt: tokenExpiry(now),
  });
  return { id: token!.id, secret };
}

beforeAll(async () => {
  // The webhooks made for the calls name a local port nobody listens on: the deployment allows it explicitly.
  server = await startSeededTestServer({ webhookAllowNetworks: ['127.0.0.1'], factorKey: randomBytes(32) });
  await addPerson(server.engine, 'vic', 'viewer');
  await addPerson(server.engine, 'sam', 'operator', ['SHA TIN']);
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'ari', 'admin');
  await addPerson(server.engine, 'probe', 'viewer');
  await addPerson(server.engine, 'pat', 'viewer');
  viewerToken = (await madeToken('viewer-script')).secret;
  people.viewer = await signIn(server.app, 'vic');
  people.operator = await signIn(server.app, 'sam');
  people.admin = await signIn(server.app, 'ada');
  people.staleAdmin = await signIn(server.app, 'ari');
  // The event stream never ends: it is called over a socket and left once its head has come.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  const { rvms } = (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json() as {
    rvms: { picture?: { id: string } }[];
  };
  photoId = rvms.find((machine) => machine.picture)!.picture!.id;
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const rowKey = ({ method, path }: Operation) => `${method === 'HEAD' ? 'GET' : method} ${path}`;

const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}` };

const ENDS_THE_SESSION = ['POST /api/auth/login', 'POST /api/auth/logout'];

/** The request headers of a caller: a session's cookie (and CSRF token on a change), the token, or nothing. */
async function headersOf(caller: CallerName, operation: Operation): Promise<Record<string, string>> {
  if (caller === 'nobody') return { ...SAME_SITE };
  if (caller === 'token') return { authorization: `Bearer ${ADMIN_TOKEN}`, ...SAME_SITE };
  if (caller === 'viewerToken') return { authorization: `Bearer ${viewerToken}`, ...SAME_SITE };
  // Signing in or out ends the session it is sent with: a session of this person's own, for this call alone.
  const person = ENDS_THE_SESSION.includes(rowKey(operation))
    ? await signIn(server.app, people[caller].name)
    : people[caller];
  return ['GET', 'HEAD'].includes(operation.method) ? person.reading : person.changing;
}

/** The path called and the body sent, for each operation: what a caller allowed to make it would send. */
async function requestFor(
  operation: Operation,
  caller: CallerName,
): Promise<{ url: string; headers: Record<string, string>; payload?: string | Buffer }> {
  const url = operation.path.replace('{id}', operation.path.startsWith('/api/file/') ? photoId : MACHINE);
  const json = (body: unknown) => ({
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  switch (rowKey(operation)) {
    case 'POST /api/auth/login':
      return json({ name: 'probe', password: PASSWORD });
    case 'POST /api/auth/password':
      return json({ current: PASSWORD, next: PASSWORD });
    case 'POST /api/auth/second-factor':
      return json({ code: '123456' });
    case 'POST /api/auth/step-up':
      return json({ password: PASSWORD });
    case 'POST /api/auth/factors/totp/confirm':
    case 'POST /api/auth/passkey/sign-in':
    case 'POST /api/auth/factors/passkeys':
      return json({});
    case 'PATCH /api/auth/factors/passkeys/{id}':
      return json({ name: 'Probe' });
    case 'PATCH /api/operator/factor-policy':
      return json({ policy: 'none' });
    case 'POST /api/operator/people/{name}/factors/reset':
      return { url: operation.path.replace('{name}', 'pat'), headers: {} };
    case 'POST /api/reports': {
      const challenge = (
        await server.app.inject({ method: 'GET', url: '/api/reports/challenge' })
      ).json<ReportChallenge>();
      return json({ machineId: MACHINE, kind: 'other', challenge, number: await solveReportChallenge(challenge) });
    }
    case 'PATCH /api/operator/machines/{id}':
      return json({ under_maintenance: false });
    case 'POST /api/operator/reports/{id}/close': {
      const report = await server.engine.reports.add({
        machineId: 'RVM-003',
        district: 'SHA TIN',
        kind: 'notWorking',
        text: '',
        challenge: randomBytes(32).toString('hex'),
        createdAt: new Date().toISOString(),
      });
      return {
        ...json({ outcome: 'resolved', note: 'probe' }),
        url: operation.path.replace('{id}', String(report!.id)),
      };
    }
    case 'POST /api/operator/machines/{id}/reports/close':
      return { ...json({ outcome: 'dismissed', note: 'probe' }), url: operation.path.replace('{id}', 'RVM-003') };
    case 'POST /api/operator/alert-rules':
      return json({ kind: 'machineFull', minutes: 240 });
    case 'PATCH /api/operator/alert-rules/{id}':
    case 'DELETE /api/operator/alert-rules/{id}': {
      const rule = await server.engine.alerts.addRule(
        { kind: 'notReporting', minutes: 30, district: null, enabled: true },
        new Date().toISOString(),
      );
      const ruleUrl = operation.path.replace('{id}', String(rule.id));
      return {
        url: ruleUrl,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ minutes: 60 }),
      };
    }
    case 'POST /api/operator/webhooks':
      return json({ url: 'http://127.0.0.1:9/never-called' });
    case 'PATCH /api/operator/webhooks/{id}':
    case 'DELETE /api/operator/webhooks/{id}':
    case 'GET /api/operator/webhooks/{id}/deliveries': {
      const webhook = await server.engine.alerts.addWebhook(
        { url: 'http://127.0.0.1:9/never-called', description: '', enabled: false },
        'a probe secret, sixteen or more',
        new Date().toISOString(),
      );
      const hookUrl = operation.path.replace('{id}', String(webhook.id));
      return {
        url: hookUrl,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'probe' }),
      };
    }
    case 'DELETE /api/auth/sessions/{handle}': {
      // A person's other session, signed in for the call: its handle as their list gives it.
      const other =
        caller === 'nobody' || caller === 'token' || caller === 'viewerToken'
          ? null
          : await signIn(server.app, people[caller].name);
      const id = other?.cookie.split('=')[1] ?? 'none';
      return { url: operation.path.replace('{handle}', sessionHandle(sessionIdHash(id))), headers: {} };
    }
    case 'POST /api/operator/feed/holds/{id}/confirm':
    case 'POST /api/operator/feed/holds/{id}/reject': {
      const hold = await openProbeHold(server.engine);
      return { url: operation.path.replace('{id}', String(hold)), headers: {} };
    }
    case 'POST /api/operator/people':
      return json({ name: `probe-${operations.length}-${Math.random().toString(36).slice(2, 8)}`, role: 'viewer' });
    case 'PATCH /api/operator/people/{name}':
    case 'POST /api/operator/people/{name}/password':
    case 'POST /api/operator/people/{name}/unlock':
      return {
        url: operation.path.replace('{name}', 'pat'),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ districts: ['SHA TIN'] }),
      };
    case 'POST /api/operator/tokens':
      return json({ name: `probe-${Math.random().toString(36).slice(2, 8)}`, role: 'viewer' });
    case 'POST /api/operator/embed-origins':
      return json({ origin: `https://probe-${Math.random().toString(36).slice(2, 8)}.example.org` });
    case 'DELETE /api/operator/embed-origins': {
      const added = `https://probe-${Math.random().toString(36).slice(2, 8)}.example.org`;
      const at = new Date().toISOString();
      const change = { at, actor: 'ada', actorKind: 'person', address: null, subject: added, detail: {} } as const;
      await server.engine.embedOrigins.add({ origin: added, addedAt: at, addedBy: 'ada' }, 1000, {
        ...change,
        action: 'embedOriginAdded',
      });
      return { url: `${url}?origin=${encodeURIComponent(added)}`, headers: {} };
    }
    case 'DELETE /api/operator/tokens/{id}': {
      const { id } = await madeToken(`revoked-${Math.random().toString(36).slice(2, 8)}`);
      return { url: operation.path.replace('{id}', String(id)), headers: {} };
    }
    case 'GET /api/operator/audit':
    case 'GET /api/operator/audit.csv':
      return { url: `${url}?machine=${MACHINE}`, headers: {} };
    case 'GET /api/operator/service/open':
      return { url: `${url}?district=${MACHINE_DISTRICT}`, headers: {} };
    case 'GET /api/operator/service/episodes':
    case 'GET /api/operator/service/episodes.csv':
    case 'GET /api/operator/service/month':
      return { url: `${url}?month=2026-11&district=${MACHINE_DISTRICT}`, headers: {} };
    case 'PATCH /api/operator/service/promise':
      return json({ minutes: 240 });
    case 'POST /api/operator/import/preview':
    case 'POST /api/operator/import': {
      const csv = (await server.app.inject({ method: 'GET', url: '/api/operator/machines.csv', headers: TOKEN })).body;
      const form = await multipart({
        file: { data: csv.split('\r\n').slice(0, 2).join('\r\n'), filename: 'probe.csv' },
      });
      const key = operation.path.endsWith('/import') ? `?key=${'0'.repeat(64)}` : '';
      return { url: url + key, headers: form.headers, payload: form.payload };
    }
    case 'POST /api/upload': {
      const form = await multipart({
        file: { data: makePng(2, 2, [9, 9, 9]), filename: 'probe.png', type: 'image/png' },
      });
      return { url, headers: form.headers, payload: form.payload };
    }
    default:
      return { url, headers: {} };
  }
}

/** The staleAdmin's session proved who it was 11 minutes ago: set again before each call (a step-up call renews it). */
async function makeStale(): Promise<void> {
  const id = people.staleAdmin.cookie.split('=')[1]!;
  const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
  await server.sql.run('UPDATE sessions SET step_up_at = ? WHERE id_hash = ?', longAgo, sessionIdHash(id));
}

async function call(caller: CallerName, operation: Operation): Promise<{ status: number; msg: unknown }> {
  if (caller === 'staleAdmin') await makeStale();
  const request = await requestFor(operation, caller);
  const headers = { ...request.headers, ...(await headersOf(caller, operation)) };
  if (operation.path === '/api/events') {
    const stream = new AbortController();
    const response = await fetch(origin + request.url, { method: operation.method, headers, signal: stream.signal });
    stream.abort();
    return { status: response.status, msg: undefined };
  }
  const response = await server.app.inject({
    method: operation.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const json = String(response.headers['content-type']).startsWith('application/json') && response.body !== '';
  return { status: response.statusCode, msg: json ? (response.json() as { msg?: unknown }).msg : undefined };
}

describe('every operation, by every kind of caller', () => {
  it('has a row in the table, and every row an operation', () => {
    const documented = new Set(operations.map(rowKey));
    expect([...documented].filter((key) => !TABLE[key])).toEqual([]);
    expect(Object.keys(TABLE).filter((key) => !documented.has(key))).toEqual([]);
  });

  // staleAdmin: signed in, not stepped up.
  it.each(CALLERS)('answers %s as the table says, and a refusal is forbidden, never a CSRF failure', async (caller) => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      const { status, msg } = await call(caller, operation);
      answers[key] = status;
      expected[key] = expectedFor(caller, TABLE[rowKey(operation)]!, rowKey(operation));
      const refusal = caller === 'staleAdmin' ? 'stepUpRequired' : 'forbidden';
      if (status === 403) expect(msg, key).toBe(operation.method === 'HEAD' ? undefined : refusal);
      if (status === 401) expect(msg, key).toBe(operation.method === 'HEAD' ? undefined : 'unauthorized');
    }
    expect(answers).toEqual(expected);
  });
});
