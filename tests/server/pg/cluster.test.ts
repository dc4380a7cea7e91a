import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../../../testkit/pg/cluster';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

const adminUrl = inject('pgAdminUrl');
const databases: TestDatabase[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  await Promise.all(databases.map((database) => database.drop()));
});

async function newDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(adminUrl);
  databases.push(database);
  return database;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

/** Whether a connection to `url` can be made at all. */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe('the test PostgreSQL cluster (globalSetup)', () => {
  it('answers queries through the pg driver on a database of its own', async () => {
    const database = await newDatabase();
    expect(database.url).toMatch(/^postgres:\/\/rvm:[0-9a-f]+@127\.0\.0\.1:\d+\/rvm_test_\d+_[0-9a-f]{8}$/);
    const client = await connect(database.url);

    const { rows: info } = await client.query<{ db: string; version: number; user: string }>(
      "SELECT current_database() AS db, current_setting('server_version_num')::int AS version, current_user AS user",
    );
    expect(info[0]?.db).toBe(database.name);
    expect(info[0]?.user).toBe('rvm');
    // DROP DATABASE … WITH (FORCE), which the helper uses, arrived in 13; Debian 12 ships 15.
    expect(info[0]?.version).toBeGreaterThanOrEqual(130000);

    await client.query('CREATE TABLE machines (id text PRIMARY KEY, doc jsonb NOT NULL, photo bytea)');
    const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await client.query('INSERT INTO machines (id, doc, photo) VALUES ($1, $2, $3)', [
      'RVM-1',
      { name_zht: '中環碼頭', lat: 22.287 },
      photo,
    ]);
    const { rows } = await client.query<{ id: string; doc: unknown; photo: Buffer }>('SELECT * FROM machines');
    expect(rows).toEqual([{ id: 'RVM-1', doc: { name_zht: '中環碼頭', lat: 22.287 }, photo }]);
  });

  it('delivers LISTEN/NOTIFY between two connections (what live events across instances will use)', async () => {
    const database = await newDatabase();
    const listener = await connect(database.url);
    const sender = await connect(database.url);
    await listener.query('LISTEN machine_changed');
    const received = new Promise<string | undefined>((resolve) => {
      listener.once('notification', (message) => resolve(message.payload));
    });
    await sender.query("SELECT pg_notify('machine_changed', $1)", ['{"id":"RVM-7"}']);
    await expect(received).resolves.toBe('{"id":"RVM-7"}');
  });

  it('keeps each test database apart, and drops one with its connections still open', async () => {
    const first = await newDatabase();
    const second = await newDatabase();
    expect(first.name).not.toBe(second.name);
    const a = await connect(first.url);
    await a.query('CREATE TABLE only_here (n int)');
    const b = await connect(second.url);
    const { rows } = await b.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here'");
    expect(rows[0]).toEqual({ n: 0 });

    const terminated = new Promise<unknown>((resolve) => a.on('error', resolve)); // the error, then the closed socket
    await first.drop(); // `a` is still connected: WITH (FORCE) ends its session
    expect(await terminated).toMatchObject({ code: '57P01' }); // admin_shutdown
    const admin = await connect(adminUrl);
    const { rows: left } = await admin.query('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [
      first.name,
    ]);
    expect(left[0]).toEqual({ n: 0 });
  });

  it('refuses a login over TCP without the password', async () => {
    const url = new URL(adminUrl);
    url.password = 'wrong';
    expect(await reachable(url.toString())).toBe(false);
  });
});

describe('startPgCluster', () => {
  const started: PgCluster[] = [];
  afterAll(async () => {
    for (const cluster of started) await cluster.stop();
  });

  it('runs unprivileged, stops and removes its folder, and sweeps a cluster whose test run died', async () => {
    const orphan = await startPgCluster();
    started.push(orphan);
    expect(await reachable(orphan.adminUrl)).toBe(true);
    // Its files belong to an unprivileged user: PostgreSQL refuses to run as root (and CI runs as root).
    expect(fs.statSync(path.join(orphan.dir, 'data')).uid).not.toBe(0);
    expect(fs.existsSync(path.join(orphan.socketDir, `.s.PGSQL.${orphan.port}`))).toBe(true);

    // A run killed outright (SIGKILL) leaves its cluster running with an owner that no longer exists.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(path.join(orphan.dir, 'owner.pid'), `${dead.stdout}\n`);

    const next = await startPgCluster();
    started.push(next);
    expect(fs.existsSync(orphan.dir)).toBe(false);
    expect(await reachable(orphan.adminUrl)).toBe(false);
    expect(await reachable(next.adminUrl)).toBe(true);

    await next.stop();
    expect(fs.existsSync(next.dir)).toBe(false);
    expect(await reachable(next.adminUrl)).toBe(false);
    await next.stop(); // a second stop is a no-op
  });
});
