import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_TOKEN, makeTempDir, spawnMainServer, startMainServer, type MainServerProcess } from '../helpers';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

/**
 * The database's address as the server knows it: a TCP relay to the test cluster that can be stopped, as a database
 * server is stopped (its connections end, its port refuses), and started again on the same port.
 */
async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        port = (relay.address() as net.AddressInfo).port;
        server = relay;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  const url = new URL(target);
  url.port = String(port);
  return { url: url.toString(), start, stop };
}

const dir = makeTempDir();
let database: TestDatabase;
let relay: Awaited<ReturnType<typeof databaseRelay>>;
let server: MainServerProcess;

beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  relay = await databaseRelay(new URL(database.url));
  server = await startMainServer(dir, { RVM_DATABASE_URL: relay.url, RVM_ADMIN_TOKEN: ADMIN_TOKEN });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await relay?.stop();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const started = performance.now();
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, body: (await response.json()) as unknown, ms: performance.now() - started };
};

describe('the compiled server starting before its PostgreSQL database', () => {
  it('waits for it, saying so, and starts once it answers', async () => {
    const late = await databaseRelay(new URL(database.url));
    await late.stop();
    const child = spawnMainServer(dir, { RVM_DATABASE_URL: late.url, RVM_ADMIN_TOKEN: ADMIN_TOKEN });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await expect.poll(() => stderr, { timeout: 20_000 }).toMatch(/^waiting for the database \(connect ECONNREFUSED/m);
      expect(stdout).toBe('');
      await late.start();
      await expect.poll(() => stdout, { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\//);
      const port = /:(\d+)\//.exec(stdout)?.[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await late.stop();
    }
  });
});

describe('the probes of the compiled server with its PostgreSQL database stopped', () => {
  it('live stays 200 at once, ready answers 503 within its 2 s limit, /api/health 503 as before; all recover', async () => {
    await expect.poll(async () => (await get('/api/health/ready')).status, { timeout: 10_000 }).toBe(200);
    expect((await get('/api/health/live')).status).toBe(200);

    await relay.stop();
    const live = await get('/api/health/live');
    expect(live).toMatchObject({ status: 200, body: { success: true, status: 'live' } });
    const ready = await get('/api/health/ready');
    expect(ready).toMatchObject({
      status: 503,
      body: { success: false, msg: 'systemError', checks: { database: 'failed', machines: 'loaded' } },
    });
    expect(ready.ms).toBeLessThan(3_000);
    expect((await get('/api/health')).status).toBe(503);
    // Still live a while later: nothing restarts an instance for a database outage.
    expect((await get('/api/health/live')).status).toBe(200);

    await relay.start();
    await expect.poll(async () => (await get('/api/health/ready')).status, { timeout: 10_000 }).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
  });

  it('ready and every other request answer 503 once SIGTERM has begun the shutdown, and the process exits 0', async () => {
    // The server ends its event streams first thing when it closes: the end of one says the shutdown has begun.
    const stream = await fetch(`${server.base}/api/events`);
    expect(stream.status).toBe(200);
    const ended = stream.text();
    const exited = server.stop('SIGTERM');
    await ended;
    const probe = await fetch(`${server.base}/api/health/ready`).catch((error: unknown) => error);
    // Either the keep-alive connection got Fastify's 503 or the port is closed already: neither is "ready".
    if (probe instanceof Response) expect(probe.status).toBe(503);
    else expect(probe).toBeInstanceOf(Error);
    expect(await exited).toBe(0);
  });
});
