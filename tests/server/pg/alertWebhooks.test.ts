// Issue 52 point 3: a machine full for longer than a 1-minute rule sends exactly one signed webhook when the alert
// opens and one when it closes, with two instances on one PostgreSQL database, the one that leads stopping between.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { signatureMatches } from '../../../server/alerts/signature';
import type { Engine } from '../../../server/db/engine';
import { openEngine } from '../../../server/db/openEngine';
import { feedData, startFakeFeed, type FakeFeed } from '../fakeFeed';
import { ADMIN_TOKEN, makeTempDir, testConfig } from '../helpers';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from '../webhookReceiver';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

const SECRET = 'the receiver and the server share this';
const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
const MACHINE = 'RVM-002';

interface Instance {
  app: FastifyInstance;
  engine: Engine;
  closed: boolean;
}

// The instances' shared clock: the test moves it a minute on rather than waiting one.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let database: TestDatabase;
let feed: FakeFeed;
let receiver: WebhookReceiver;
let instances: Instance[] = [];

async function startInstance(): Promise<Instance> {
  const config = testConfig(makeTempDir(), {
    databaseUrl: database.url,
    upstreamUrl: feed.url,
    // A lease of 300 ms, claimed every 100 ms: a standby takes over within a few tenths of a second.
    upstreamIntervalMs: 300,
    alertIntervalMs: 50,
    // The receiver is on this host: the deployment allows it explicitly (decision 0060).
    webhookAllowNetworks: ['127.0.0.1'],
  });
  const engine = await openEngine(config, 'server');
  const app = await buildApp(config, engine, { clock, alerting: { deliveryCheckMs: 50, timeoutMs: 2000 } });
  await app.ready();
  return { app, engine, closed: false };
}

async function stop(instance: Instance): Promise<void> {
  if (instance.closed) return;
  instance.closed = true;
  await instance.app.close();
  await instance.engine.close();
}

const call = (instance: Instance, method: 'GET' | 'POST', url: string, body?: unknown) =>
  instance.app.inject({
    method,
    url,
    headers: TOKEN,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const feedMachine = () => feed.rvms.find((machine) => (machine as { id: string }).id === MACHINE) as { status: string };

/** The instance that polls the feed now, as its own health says. */
async function leader(): Promise<Instance> {
  let found: Instance | undefined;
  await waitFor(async () => {
    for (const instance of instances.filter((candidate) => !candidate.closed)) {
      const health = (await instance.app.inject({ method: 'GET', url: '/api/health' })).json() as {
        feed?: { role?: string };
      };
      if (health.feed?.role === 'poller') found = instance;
    }
    return found !== undefined;
  }, 'an instance to poll the feed');
  return found!;
}

beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  const data = await feedData();
  feed = await startFakeFeed(structuredClone(data.rvms), data.photos);
  receiver = await startWebhookReceiver();
  instances = [await startInstance(), await startInstance()];
});

afterAll(async () => {
  for (const instance of instances) await stop(instance);
  await receiver?.close();
  await feed?.close();
  await database?.drop();
});

describe('alerts across two instances (PostgreSQL)', () => {
  it('send one signed webhook when a 1-minute full alert opens and one when it closes', async () => {
    const [a, b] = instances as [Instance, Instance];
    expect(feedMachine().status).not.toBe('Full');
    const hook = await call(a, 'POST', '/api/operator/webhooks', { url: receiver.url, secret: SECRET });
    expect(hook.statusCode, hook.body).toBe(200);
    const rule = await call(b, 'POST', '/api/operator/alert-rules', { kind: 'machineFull', minutes: 1 });
    expect(rule.statusCode, rule.body).toBe(200);
    await waitFor(async () => (await a.engine.getMachine(MACHINE)) !== null, 'the first sync');

    feedMachine().status = 'Full';
    await waitFor(async () => (await a.engine.getMachine(MACHINE))?.status === 'Full', 'the feed to make it full');
    await waitFor(async () => (await a.engine.alerts.currentAlerts()).length === 1, 'the full machine to be watched');
    // Many evaluations, on both instances' timers, within the minute: nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toEqual([]);

    offsetMs += 61_000;
    await waitFor(() => receiver.received.length >= 1, 'the opened event');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    const opened = receiver.received[0]!;
    expect(signatureMatches(SECRET, opened.body, opened.headers['x-rvm-signature'] as string)).toBe(true);
    expect(opened.headers['x-rvm-delivery']).toBe(opened.json.id);
    expect(opened.json).toMatchObject({ event: 'alert.opened', alert: { kind: 'machineFull', machineId: MACHINE } });
    // Both instances see the open alert.
    for (const instance of instances) {
      expect((await call(instance, 'GET', '/api/operator/alerts')).json().counts.machineFull).toBe(1);
    }

    // The instance that leads stops; the other takes the lease and closes the alert when the machine is emptied.
    const first = await leader();
    await stop(first);
    const second = await leader();
    expect(second).not.toBe(first);
    feedMachine().status = '>40%';
    await waitFor(() => receiver.received.length >= 2, 'the closed event');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(2);
    const closed = receiver.received[1]!;
    expect(signatureMatches(SECRET, closed.body, closed.headers['x-rvm-signature'] as string)).toBe(true);
    expect(closed.json).toMatchObject({ event: 'alert.closed', alert: { id: opened.json.alert.id } });
    expect(closed.json.id).not.toBe(opened.json.id);
    expect((await call(second, 'GET', '/api/operator/alerts')).json().alerts).toEqual([]);
  });
});
