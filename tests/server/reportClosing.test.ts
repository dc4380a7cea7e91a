// Issue 68 point 3, the console's half (decision 0072): operators resolve or dismiss visitors' reports with a note,
// audited, of their districts; the open counts; the reportedFull alert and its webhook; pruning. Both engines.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportKind } from '../../shared/contract/problemReport';
import { historyCutoff } from '../../server/db/feedStore';
import { ADMIN_TOKEN, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn } from './people';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from './webhookReceiver';

const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
const ROOM = 'RVM-002'; // KOWLOON CITY, <=20%: shown with room
const OTHER = 'RVM-001'; // CENTRAL & WESTERN, >40%
const SHA_TIN = 'RVM-003'; // SHA TIN, Full

const clock = () => new Date();
let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer(
    // The webhook receiver is on this host: the deployment allows it explicitly (decision 0060).
    { alertIntervalMs: 40, webhookAllowNetworks: ['127.0.0.1'] },
    { clock, alerting: { deliveryCheckMs: 40, timeoutMs: 300 } },
  );
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: body === undefined ? { authorization: TOKEN.authorization } : TOKEN,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A report as a visitor's solved challenge stores it, `minutesAgo` before the server's clock. */
async function report(machineId: string, district: string, kind: ReportKind = 'fullShownWithRoom', minutesAgo = 0) {
  const stored = await server.engine.reports.add({
    machineId,
    district: district as never,
    kind,
    text: `seen ${minutesAgo} minutes ago`,
    challenge: randomBytes(32).toString('hex'),
    createdAt: new Date(clock().getTime() - minutesAgo * 60_000).toISOString(),
  });
  return stored!.id;
}

const closeAll = async () => {
  for (const machine of [ROOM, OTHER, SHA_TIN]) {
    await call('POST', `/api/operator/machines/${machine}/reports/close`, { outcome: 'dismissed', note: 'reset' });
  }
};

describe('closing reports', () => {
  afterEach(closeAll);

  it('resolves one report and dismisses a machine’s others with notes, audited, and counts what stays open', async () => {
    const a = await report(ROOM, 'KOWLOON CITY');
    const b = await report(ROOM, 'KOWLOON CITY', 'notWorking');
    await report(OTHER, 'CENTRAL & WESTERN', 'other');
    expect((await call('GET', '/api/operator/reports/counts')).json()).toEqual({
      success: true,
      counts: { [ROOM]: 2, [OTHER]: 1 },
    });

    const one = await call('POST', `/api/operator/reports/${a}/close`, { outcome: 'resolved', note: 'Emptied 9:10' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().reports).toEqual([
      expect.objectContaining({ id: a, machineId: ROOM, state: 'resolved', note: 'Emptied 9:10' }),
    ]);
    const rest = await call('POST', `/api/operator/machines/${ROOM}/reports/close`, {
      outcome: 'dismissed',
      note: 'Not full when checked',
    });
    expect(rest.json().reports.map((closed: { id: number }) => closed.id)).toEqual([b]);
    // Closed already: nothing more closes, nothing more is audited.
    expect(
      (await call('POST', `/api/operator/reports/${a}/close`, { outcome: 'dismissed', note: 'x' })).json(),
    ).toEqual({ success: true, reports: [] });
    expect((await call('GET', '/api/operator/reports/counts')).json().counts).toEqual({ [OTHER]: 1 });

    const closed = (await call('GET', `/api/operator/reports/closed?machine=${ROOM}`)).json().reports;
    expect(closed).toEqual([
      expect.objectContaining({
        id: b,
        state: 'dismissed',
        note: 'Not full when checked',
        closedBy: expect.any(String),
      }),
      expect.objectContaining({ id: a, state: 'resolved', note: 'Emptied 9:10' }),
    ]);
    const open = (await call('GET', '/api/operator/reports')).json().reports;
    expect(open.map((listed: { machineId: string }) => listed.machineId)).toEqual([OTHER]);

    const audit = (await server.engine.accessAudit.latest(2)).map(({ action, subject, detail, actorKind }) => ({
      action,
      subject,
      detail,
      actorKind,
    }));
    expect(audit).toEqual([
      {
        action: 'reportsDismissed',
        subject: ROOM,
        detail: { reports: [b], note: 'Not full when checked' },
        actorKind: 'token',
      },
      { action: 'reportsResolved', subject: ROOM, detail: { reports: [a], note: 'Emptied 9:10' }, actorKind: 'token' },
    ]);
  });

  it(
    'lets operators of the district close, refuses viewers and other districts, and bad notes',
    async () => {
      const kowloon = await report(ROOM, 'KOWLOON CITY');
      const shaTin = await report(SHA_TIN, 'SHA TIN', 'notWorking');
      await addPerson(server.engine, 'olive', 'operator', ['SHA TIN']);
      await addPerson(server.engine, 'victor', 'viewer');
      const olive = await signIn(server.app, 'olive');
      const victor = await signIn(server.app, 'victor');
      const note = { outcome: 'resolved', note: 'Fixed the door' };
      const as = (person: typeof olive, url: string, body: unknown = note) =>
        server.app.inject({
          method: 'POST',
          url,
          headers: { ...person.changing, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });

      expect((await as(victor, `/api/operator/reports/${shaTin}/close`)).statusCode).toBe(403);
      expect((await as(victor, `/api/operator/machines/${SHA_TIN}/reports/close`)).statusCode).toBe(403);
      expect((await as(olive, `/api/operator/reports/${kowloon}/close`)).statusCode).toBe(403);
      expect((await as(olive, `/api/operator/machines/${ROOM}/reports/close`)).statusCode).toBe(403);
      expect((await as(olive, '/api/operator/reports/999999/close')).statusCode).toBe(404);
      expect((await as(olive, '/api/operator/machines/NO-SUCH/reports/close')).statusCode).toBe(404);
      for (const bad of [
        { outcome: 'resolved', note: '' },
        { outcome: 'resolved', note: 'x'.repeat(301) },
        { outcome: 'fixed', note: 'x' },
        { outcome: 'resolved' },
        { outcome: 'resolved', note: '   ' },
      ]) {
        const refused = await as(olive, `/api/operator/reports/${shaTin}/close`, bad);
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      }
      // A viewer sees the counts and closed reports of the districts they have; olive only Sha Tin's.
      const oliveCounts = await server.app.inject({
        method: 'GET',
        url: '/api/operator/reports/counts',
        headers: olive.reading,
      });
      expect(oliveCounts.json().counts).toEqual({ [SHA_TIN]: 1 });
      const closed = await as(olive, `/api/operator/reports/${shaTin}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().reports).toEqual([expect.objectContaining({ closedBy: 'olive', state: 'resolved' })]);
      const [entry] = await server.engine.accessAudit.latest(1);
      expect(entry).toMatchObject({ actor: 'olive', actorKind: 'person', action: 'reportsResolved', subject: SHA_TIN });
      const listed = await server.app.inject({
        method: 'GET',
        url: '/api/operator/reports/closed',
        headers: victor.reading,
      });
      expect(listed.statusCode).toBe(200);
      const oliveList = await server.app.inject({
        method: 'GET',
        url: '/api/operator/reports/closed',
        headers: olive.reading,
      });
      expect(oliveList.json().reports.every((closed: { district: string }) => closed.district === 'SHA TIN')).toBe(
        true,
      );
    },
    PEOPLE_SETUP_MS,
  );
});

describe('the reportedFull alert', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    const hook = await call('POST', '/api/operator/webhooks', {
      url: receiver.url,
      secret: 'a webhook secret of the test',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const rule = await call('POST', '/api/operator/alert-rules', { kind: 'reportedFull', minutes: 30 });
    expect(rule.statusCode, rule.body).toBe(200);
  });
  afterEach(async () => {
    await receiver.close();
    for (const rule of await server.engine.alerts.listRules())
      await call('DELETE', `/api/operator/alert-rules/${rule.id}`);
    for (const hook of await server.engine.alerts.listWebhooks())
      await call('DELETE', `/api/operator/webhooks/${hook.id}`);
    await call('PATCH', `/api/operator/machines/${ROOM}`, { status: '<=20%' });
    await closeAll();
  });

  const current = async () =>
    (await server.engine.alerts.currentAlerts()).filter((alert) => alert.kind === 'reportedFull');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300)); // several evaluations

  it('opens after 3 reports of full in 30 minutes, sends it, and closes when the reports are resolved', async () => {
    await report(ROOM, 'KOWLOON CITY', 'fullShownWithRoom', 40); // outside the window with the next two
    await report(ROOM, 'KOWLOON CITY', 'fullShownWithRoom', 20);
    await report(ROOM, 'KOWLOON CITY', 'notWorking', 10); // another kind counts for nothing
    await report(ROOM, 'KOWLOON CITY', 'fullShownWithRoom', 5);
    await settle();
    expect(await current()).toEqual([]);
    expect(receiver.received).toEqual([]);

    await report(ROOM, 'KOWLOON CITY', 'fullShownWithRoom', 0);
    await waitFor(() => receiver.received.length === 1, 'the opened event');
    const [opened] = receiver.received;
    expect(opened!.json).toMatchObject({
      event: 'alert.opened',
      alert: { kind: 'reportedFull', machineId: ROOM, district: 'KOWLOON CITY', minutes: 30, closedAt: null },
    });
    expect((await call('GET', '/api/operator/alerts')).json().counts).toMatchObject({ reportedFull: 1 });

    const closed = await call('POST', `/api/operator/machines/${ROOM}/reports/close`, {
      outcome: 'resolved',
      note: 'Emptied',
    });
    expect(closed.json().reports).toHaveLength(5);
    await waitFor(() => receiver.received.length === 2, 'the closed event');
    expect(receiver.received[1]!.json).toMatchObject({ event: 'alert.closed', alert: { id: opened!.json.alert.id } });
  });

  it('opens nothing for a machine shown full, and closes when the machine’s status changes', async () => {
    await call('PATCH', `/api/operator/machines/${ROOM}`, { status: '<=5%' });
    for (const minutesAgo of [3, 2, 1]) await report(ROOM, 'KOWLOON CITY', 'fullShownWithRoom', minutesAgo);
    await settle();
    expect(await current()).toEqual([]);
    // Shown with room again: the three reports open it; shown full: it closes.
    await call('PATCH', `/api/operator/machines/${ROOM}`, { status: '>40%' });
    await waitFor(() => receiver.received.length === 1, 'the opened event');
    expect(receiver.received[0]!.json.alert).toMatchObject({ kind: 'reportedFull', machineId: ROOM });
    await call('PATCH', `/api/operator/machines/${ROOM}`, { status: 'Full' });
    await waitFor(() => receiver.received.length === 2, 'the closed event');
    expect(receiver.received[1]!.json.event).toBe('alert.closed');
  });
});

describe('pruning', () => {
  it('deletes the reports made before the days kept, open or closed, and keeps the rest', async () => {
    const now = clock();
    const old = await report(OTHER, 'CENTRAL & WESTERN', 'other', 181 * 24 * 60);
    const oldClosed = await report(OTHER, 'CENTRAL & WESTERN', 'other', 200 * 24 * 60);
    await server.engine.reports.close(
      { id: oldClosed },
      { outcome: 'resolved', note: 'old', by: 'test', byKind: 'token', at: now.toISOString() },
    );
    const recent = await report(OTHER, 'CENTRAL & WESTERN', 'other', 179 * 24 * 60);
    expect(await server.engine.reports.prune(historyCutoff(180, now))).toBe(2);
    expect(await server.engine.reports.get(old)).toBeNull();
    expect(await server.engine.reports.get(oldClosed)).toBeNull();
    expect(await server.engine.reports.get(recent)).toMatchObject({ id: recent, state: 'open' });
    expect(server.config.reportKeepDays).toBe(180);
  });
});
