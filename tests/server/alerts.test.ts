// Issue 52 point 3: alert rules evaluated by the server, open and closed alerts, signed webhooks with retries.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signatureMatches } from '../../server/alerts/signature';
import { ADMIN_TOKEN, startSeededTestServer, type TestServer } from './helpers';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from './webhookReceiver';

const SECRET = 'a webhook secret of the test';
const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
const MACHINE = 'RVM-002'; // KOWLOON CITY, <=20% in the fixtures

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startSeededTestServer(
    // The receiver is on this host: the deployment allows it explicitly (decision 0060).
    { alertIntervalMs: 40, webhookAllowNetworks: ['127.0.0.1'] },
    {
      clock,
      alerting: { deliveryCheckMs: 40, timeoutMs: 300, retry: { firstRetryMs: 60, maxRetryMs: 120, maxAttempts: 3 } },
    },
  );
});
afterAll(() => server.close());
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  for (const rule of await server.engine.alerts.listRules())
    await call('DELETE', `/api/operator/alert-rules/${rule.id}`);
  for (const hook of await server.engine.alerts.listWebhooks())
    await call('DELETE', `/api/operator/webhooks/${hook.id}`);
  await call('PATCH', `/api/operator/machines/${MACHINE}`, { status: '<=20%', under_maintenance: false });
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: body === undefined ? { authorization: TOKEN.authorization } : TOKEN,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

async function setStatus(status: string): Promise<void> {
  const answer = await call('PATCH', `/api/operator/machines/${MACHINE}`, { status });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function register(rule: object): Promise<{ webhookId: number }> {
  const hook = await call('POST', '/api/operator/webhooks', { url: receiver.url, secret: SECRET });
  expect(hook.statusCode, hook.body).toBe(200);
  expect(hook.json()).not.toHaveProperty('secret');
  expect((await call('POST', '/api/operator/alert-rules', rule)).statusCode).toBe(200);
  return { webhookId: hook.json().webhook.id as number };
}

const watched = async () => (await server.engine.alerts.currentAlerts()).some((alert) => alert.machineId === MACHINE);

describe('a machine full longer than a rule', () => {
  it('opens one alert after the minutes, with one signed webhook, and closes it with one more', async () => {
    await register({ kind: 'machineFull', minutes: 1 });
    await setStatus('Full');
    await waitFor(watched, 'the full machine to be watched');
    // Several evaluations within the minute: nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toEqual([]);
    expect((await call('GET', '/api/operator/alerts')).json()).toMatchObject({
      alerts: [],
      counts: { machineFull: 0 },
    });

    offsetMs += 61_000;
    await waitFor(() => receiver.received.length === 1, 'the opened event');
    const [opened] = receiver.received;
    expect(signatureMatches(SECRET, opened!.body, opened!.headers['x-rvm-signature'] as string)).toBe(true);
    expect(opened!.headers['x-rvm-event']).toBe('alert.opened');
    expect(opened!.headers['x-rvm-delivery']).toBe(opened!.json.id);
    expect(opened!.headers['content-type']).toBe('application/json');
    expect(opened!.json).toMatchObject({
      event: 'alert.opened',
      alert: { kind: 'machineFull', machineId: MACHINE, district: 'KOWLOON CITY', minutes: 1, closedAt: null },
    });
    const open = (await call('GET', '/api/operator/alerts')).json();
    expect(open.counts).toEqual({ machineFull: 1, notReporting: 0, maintenance: 0, feedFailing: 0, reportedFull: 0 });
    expect(open.alerts).toEqual([expect.objectContaining({ machineId: MACHINE, openedAt: opened!.json.at })]);
    const metrics = (await call('GET', '/api/metrics')).body;
    expect(metrics).toContain('rvm_alerts_open{kind="machineFull"} 1');
    expect(metrics).toContain('rvm_alerts_open{kind="feedFailing"} 0');
    // One series per kind, whatever the number of machines.
    const series = metrics.split('\n').filter((line) => line.startsWith('rvm_alerts_open'));
    expect(series).toHaveLength(5);
    for (const line of series) expect(line).toMatch(/^rvm_alerts_open\{kind="\w+"\} \d+$/);

    await setStatus('>40%');
    await waitFor(() => receiver.received.length === 2, 'the closed event');
    const closed = receiver.received[1]!;
    expect(signatureMatches(SECRET, closed.body, closed.headers['x-rvm-signature'] as string)).toBe(true);
    expect(closed.json).toMatchObject({ event: 'alert.closed', alert: { id: opened!.json.alert.id } });
    expect(closed.json.id).not.toBe(opened!.json.id);
    const history = (await call('GET', '/api/operator/alerts/history')).json();
    expect(history.alerts).toEqual([expect.objectContaining({ id: opened!.json.alert.id, closedAt: closed.json.at })]);
    expect((await call('GET', '/api/metrics')).body).toContain('rvm_alerts_open{kind="machineFull"} 0');

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(2);
  });

  it('forgets a machine emptied before the minutes, and sends nothing', async () => {
    await register({ kind: 'machineFull', minutes: 1 });
    await setStatus('Full');
    await waitFor(watched, 'the full machine to be watched');
    await setStatus('<=5%');
    await waitFor(async () => !(await watched()), 'the watch to be forgotten');
    offsetMs += 61_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toEqual([]);
    expect((await call('GET', '/api/operator/alerts/history')).json().alerts).toHaveLength(1); // the first test's
  });
});

describe('webhook deliveries', () => {
  it('retry a failing receiver with the same delivery id and bytes, and log each attempt', async () => {
    receiver.answers = [500, 503];
    const { webhookId } = await register({ kind: 'maintenance', minutes: 1, district: 'KOWLOON CITY' });
    const maintenance = await call('PATCH', `/api/operator/machines/${MACHINE}`, { under_maintenance: true });
    expect(maintenance.statusCode, maintenance.body).toBe(200);
    await waitFor(watched, 'the machine in maintenance to be watched');
    offsetMs += 61_000;
    await waitFor(() => receiver.received.length === 3, 'two retries');
    const [first, ...retries] = receiver.received;
    for (const retry of retries) {
      expect(retry.headers['x-rvm-delivery']).toBe(first!.headers['x-rvm-delivery']);
      expect(retry.body.equals(first!.body)).toBe(true);
    }
    await waitFor(async () => {
      const [log] = (await call('GET', `/api/operator/webhooks/${webhookId}/deliveries`)).json().deliveries;
      return log?.state === 'delivered';
    }, 'the log to say delivered');
    const [log] = (await call('GET', `/api/operator/webhooks/${webhookId}/deliveries`)).json().deliveries;
    expect(log).toMatchObject({ event: 'alert.opened', state: 'delivered', attempts: 3, lastStatus: 204 });
    await call('PATCH', `/api/operator/machines/${MACHINE}`, { under_maintenance: false });
    await waitFor(() => receiver.received.length === 4, 'the closed event');
  });

  it('give up after the last attempt, and a receiver that never answers slows no request', async () => {
    receiver.answers = ['hang', 'hang', 'hang'];
    const { webhookId } = await register({ kind: 'machineFull', minutes: 1 });
    await setStatus('Full');
    await waitFor(watched, 'the full machine to be watched');
    offsetMs += 61_000;
    await waitFor(() => receiver.received.length === 1, 'the first attempt');
    // The receiver holds the attempt open: the server answers all the same.
    expect((await call('GET', '/api/operator/alerts')).json().counts.machineFull).toBe(1);
    expect((await server.app.inject({ method: 'POST', url: '/api/rvm/' })).statusCode).toBe(200);
    await waitFor(async () => {
      const [log] = (await call('GET', `/api/operator/webhooks/${webhookId}/deliveries`)).json().deliveries;
      return log?.state === 'failed';
    }, 'the delivery to be given up');
    const [log] = (await call('GET', `/api/operator/webhooks/${webhookId}/deliveries`)).json().deliveries;
    expect(log).toMatchObject({ state: 'failed', attempts: 3, lastStatus: null, lastError: 'no answer within 300 ms' });
    expect(receiver.received).toHaveLength(3);
  });

  it('answers a secret it made once, and never lists it', async () => {
    const made = await call('POST', '/api/operator/webhooks', { url: receiver.url });
    expect(made.json().secret).toMatch(/^[0-9a-f]{64}$/);
    const listed = (await call('GET', '/api/operator/webhooks')).json();
    expect(JSON.stringify(listed)).not.toContain(made.json().secret);
    const rotated = await call('PATCH', `/api/operator/webhooks/${made.json().webhook.id}`, { rotateSecret: true });
    expect(rotated.json().secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.json().secret).not.toBe(made.json().secret);
    for (const url of ['ftp://example.com/x', 'https://user:pw@example.com/x', 'not a url at all']) {
      const refused = await call('POST', '/api/operator/webhooks', { url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().msg).toBe('badRequest');
    }
  });
});
