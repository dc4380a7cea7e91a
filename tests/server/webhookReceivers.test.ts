// Issue 63 rows 2 and 3: a receiver that answers with a body of gigabytes, and webhooks aimed at this host or its
// networks (every spelling of 127.0.0.1, names that resolve inside, a name that changes its address after the check).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../server/alerting/receiverGuard';
import { ADMIN_TOKEN, makeTempDir, startSeededTestServer, type TestServer } from './helpers';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from './webhookReceiver';

const TOKEN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
const MACHINE = 'RVM-002'; // <=20% in the fixtures
const PUBLIC: ResolvedAddress = { address: '93.184.216.34', family: 4 };
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

/** The test's own DNS: what each name resolves to, asked anew on each lookup (a function may change its answer). */
const names = new Map<string, () => ResolvedAddress[]>();
const lookups: string[] = [];
const resolveHost = async (hostname: string): Promise<ResolvedAddress[]> => {
  lookups.push(hostname);
  const answer = names.get(hostname);
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer();
};

/** Deliveries fail fast and are tried twice; a receiver gets 5 s to answer, far longer than any of these takes. */
const alerting = {
  deliveryCheckMs: 40,
  timeoutMs: 5_000,
  retry: { firstRetryMs: 60, maxRetryMs: 120, maxAttempts: 2 },
};
/** A deployment that allows nothing internal (the default), and one that allows its own 127.0.0.1. */
let strict: TestServer;
let allowing: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [strict, allowing] = await Promise.all([
    startSeededTestServer({ alertIntervalMs: 40 }, { clock, resolveHost, alerting }),
    startSeededTestServer(
      { alertIntervalMs: 40, webhookAllowNetworks: ['127.0.0.1'] },
      { clock, resolveHost, alerting },
    ),
  ]);
});
afterAll(async () => {
  await strict?.close();
  await allowing?.close();
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  names.clear();
  lookups.length = 0;
});
afterEach(async () => {
  await receiver.close();
  for (const server of [strict, allowing]) {
    for (const rule of await server.engine.alerts.listRules()) {
      await call(server, 'DELETE', `/api/operator/alert-rules/${rule.id}`);
    }
    for (const hook of await server.engine.alerts.listWebhooks()) {
      await call(server, 'DELETE', `/api/operator/webhooks/${hook.id}`);
    }
    await call(server, 'PATCH', `/api/operator/machines/${MACHINE}`, { status: '<=20%' });
  }
});

const call = (server: TestServer, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: body === undefined ? { authorization: TOKEN.authorization } : TOKEN,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A full machine's alert opened on `server` (the clock moved past the rule's minute): its deliveries go out. */
async function openAlert(server: TestServer): Promise<void> {
  expect(
    (await call(server, 'POST', '/api/operator/alert-rules', { kind: 'machineFull', minutes: 1 })).statusCode,
  ).toBe(200);
  expect((await call(server, 'PATCH', `/api/operator/machines/${MACHINE}`, { status: 'Full' })).statusCode).toBe(200);
  await waitFor(
    async () => (await server.engine.alerts.currentAlerts()).some((alert) => alert.machineId === MACHINE),
    'the full machine to be watched',
  );
  offsetMs += 61_000;
}

interface LoggedDelivery {
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

/** The webhook's delivery log, once its one delivery is `state`. */
async function deliveryOnce(server: TestServer, webhookId: number, state: string): Promise<LoggedDelivery> {
  let log: LoggedDelivery | undefined;
  await waitFor(async () => {
    [log] = (await call(server, 'GET', `/api/operator/webhooks/${webhookId}/deliveries`)).json().deliveries;
    return log?.state === state;
  }, `the delivery to be ${state}`);
  return log!;
}

const addWebhook = async (server: TestServer, url: string): Promise<number> => {
  const made = await call(server, 'POST', '/api/operator/webhooks', { url, secret: 'a secret of sixteen or more' });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().webhook.id as number;
};

describe('a receiver that answers with a body that goes on', () => {
  it('is not read: a 500 streaming 256 MB is logged as its status alone, and the receiver can write only a little', async () => {
    receiver.answers = [
      { status: 500, bytes: 256 * 1024 * 1024 },
      { status: 200, bytes: 256 * 1024 * 1024 },
    ];
    const webhookId = await addWebhook(allowing, receiver.url);
    await openAlert(allowing);
    const log = await deliveryOnce(allowing, webhookId, 'delivered');
    expect(receiver.received).toHaveLength(2);
    const [failed, delivered] = await Promise.all(receiver.streamed);
    // What the socket buffers take before the closed connection stops the receiver: a few MB at most, not 256.
    expect(failed).toBeLessThan(16 * 1024 * 1024);
    expect(delivered).toBeLessThan(16 * 1024 * 1024);
    expect(log).toMatchObject({ attempts: 2, lastStatus: 200, lastError: null });
    console.log(`the receiver wrote ${failed} bytes of its 500 and ${delivered} of its 200 before the sender closed`);
  });

  it('keeps the status and its standard name in the log, never the words of the answer', async () => {
    receiver.answers = [500, { status: 503, bytes: 1024 * 1024 }];
    const webhookId = await addWebhook(allowing, receiver.url);
    await openAlert(allowing);
    const log = await deliveryOnce(allowing, webhookId, 'failed');
    expect(log).toMatchObject({ attempts: 2, lastStatus: 503, lastError: 'HTTP 503 (Service Unavailable)' });
    const everything = (await call(allowing, 'GET', `/api/operator/webhooks/${webhookId}/deliveries`)).body;
    expect(everything).not.toMatch(/receiver says no|INTERNAL-SECRET/);
  });

  it('is not followed when it redirects', async () => {
    receiver.answers = [{ status: 307, bytes: 0, headers: { location: '/elsewhere' } }, 302];
    const webhookId = await addWebhook(allowing, receiver.url);
    await openAlert(allowing);
    const log = await deliveryOnce(allowing, webhookId, 'failed');
    expect(log).toMatchObject({ lastStatus: 302, lastError: 'HTTP 302 (Found): a redirect, not followed' });
    expect(receiver.received.map((received) => received.path)).toEqual(['/hooks/rvm', '/hooks/rvm']);
  });
});

describe('webhook destinations', () => {
  it.each([
    ['http://127.0.0.1:22/', '127.0.0.1', 'loopback'],
    ['http://localhost/', '127.0.0.1', 'loopback'],
    ['http://localhost./', '127.0.0.1', 'loopback'],
    ['http://hooks.localhost/', '127.0.0.1', 'loopback'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[64:ff9b::127.0.0.1]/', '64:ff9b::7f00:1', 'loopback'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'link-local'],
    ['http://10.0.0.8/', '10.0.0.8', 'private'],
    ['http://192.168.1.1:8080/', '192.168.1.1', 'private'],
    ['http://[fd00::5]/', 'fd00::5', 'private'],
    ['http://100.64.1.1/', '100.64.1.1', 'shared (CGNAT)'],
    ['http://224.0.0.251/', '224.0.0.251', 'multicast'],
    ['http://198.18.0.9/', '198.18.0.9', 'benchmarking'],
    ['http://192.0.2.7/', '192.0.2.7', 'documentation'],
  ])('refuses %s when it is saved: %s is %s', async (url, address, kind) => {
    const refused = await call(strict, 'POST', '/api/operator/webhooks', { url });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ success: false, msg: 'webhookAddressRefused', address, kind });
    expect(await strict.engine.alerts.listWebhooks()).toEqual([]);
  });

  it('resolves a name, refuses it when any address is internal or none is found, and takes a public one', async () => {
    names.set('intranet.test', () => [{ address: '10.1.2.3', family: 4 }]);
    names.set('mixed.test', () => [PUBLIC, { address: 'fe80::1', family: 6 }]);
    names.set('public.test', () => [PUBLIC]);
    const save = (url: string) => call(strict, 'POST', '/api/operator/webhooks', { url });
    expect((await save('https://intranet.test/hook')).json()).toMatchObject({
      msg: 'webhookAddressRefused',
      address: '10.1.2.3',
      kind: 'private',
    });
    expect((await save('https://mixed.test/hook')).json()).toMatchObject({ address: 'fe80::1', kind: 'link-local' });
    const unknown = await save('https://nowhere.test/hook');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      success: false,
      msg: 'webhookHostUnknown',
      problem: 'nowhere.test does not resolve (ENOTFOUND)',
    });
    const made = await save('https://public.test/hook');
    expect(made.statusCode, made.body).toBe(200);
    // A change of address is checked the same way.
    const moved = await call(strict, 'PATCH', `/api/operator/webhooks/${made.json().webhook.id}`, {
      url: 'http://[::ffff:10.0.0.1]/',
    });
    expect(moved.json()).toMatchObject({ msg: 'webhookAddressRefused', kind: 'private' });
    expect((await strict.engine.alerts.listWebhooks()).map((hook) => hook.url)).toEqual(['https://public.test/hook']);
  });

  it('checks again at delivery: a name that resolved to a public address and now to 127.0.0.1 gets nothing', async () => {
    let resolved = 0;
    names.set('rebind.test', () => (resolved++ === 0 ? [PUBLIC] : [LOOPBACK]));
    const webhookId = await addWebhook(strict, `http://rebind.test:${new URL(receiver.url).port}/hooks/rvm`);
    // A webhook saved before the check existed, at this very host.
    const old = await strict.engine.alerts.addWebhook(
      { url: receiver.url, description: 'from before', enabled: true },
      'a secret of sixteen or more',
      clock().toISOString(),
    );
    await openAlert(strict);
    const reason =
      'refused: 127.0.0.1 (loopback) is not a public address, and RVM_WEBHOOK_ALLOW_NETWORKS does not allow it';
    for (const id of [webhookId, old.id]) {
      expect(await deliveryOnce(strict, id, 'failed')).toMatchObject({
        attempts: 2,
        lastStatus: null,
        lastError: reason,
      });
    }
    expect(receiver.received).toEqual([]);
  });

  it('go where the deployment allows, to the very address checked, and nowhere else internal', async () => {
    // No DNS knows hooks.test: the delivery can only reach the receiver through the address the check resolved.
    names.set('hooks.test', () => [LOOPBACK]);
    const webhookId = await addWebhook(allowing, `http://hooks.test:${new URL(receiver.url).port}/hooks/rvm`);
    await openAlert(allowing);
    expect(await deliveryOnce(allowing, webhookId, 'delivered')).toMatchObject({ attempts: 1, lastStatus: 204 });
    expect(receiver.received).toHaveLength(1);
    expect(lookups).toEqual(['hooks.test', 'hooks.test']); // saved, then sent: once each
    for (const url of ['http://127.0.0.2/', 'http://[::1]/', 'http://10.0.0.1/', 'http://0.0.0.0/']) {
      expect((await call(allowing, 'POST', '/api/operator/webhooks', { url })).json().msg, url).toBe(
        'webhookAddressRefused',
      );
    }
  });

  it("verify an https receiver's certificate for the URL's name, reached at the address checked", async () => {
    // A certificate for hooks.test that no authority signed (Debian's openssl makes it).
    const dir = makeTempDir();
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
        '-subj',
        '/CN=hooks.test',
        '-addext',
        'subjectAltName=DNS:hooks.test',
      ]),
      { stdio: 'ignore' },
    );
    const servernames: string[] = [];
    const tls = https.createServer(
      {
        key: fs.readFileSync(key),
        cert: fs.readFileSync(cert),
        SNICallback: (servername, done) => {
          servernames.push(servername);
          done(null);
        },
      },
      (_, response) => response.writeHead(204).end(),
    );
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      names.set('hooks.test', () => [LOOPBACK]);
      const port = (tls.address() as AddressInfo).port;
      const webhookId = await addWebhook(allowing, `https://hooks.test:${port}/hooks/rvm`);
      await openAlert(allowing);
      const log = await deliveryOnce(allowing, webhookId, 'failed');
      expect(log).toMatchObject({ lastStatus: null, lastError: expect.stringMatching(/^self-signed certificate/) });
      // Each attempt asked for hooks.test's certificate, at the address the check returned (no DNS knows the name).
      expect(servernames).toEqual(['hooks.test', 'hooks.test']);
    } finally {
      tls.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
