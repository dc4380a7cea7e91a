import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedData, startFakeFeed, type FakeFeed } from '../fakeFeed';
import { ADMIN_TOKEN, auth, makePng, makeTempDir, multipart, startMainServer } from '../helpers';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';
import { hashPassword } from '../../../server/accounts/passwordHash';
import { PASSWORD, SAME_SITE } from '../people';

/** Two server processes on one PostgreSQL database, as two instances behind a load balancer. */
interface Instance {
  base: string;
  stop(): Promise<void>;
}

const dir = makeTempDir();
/** A page for both instances to serve, so that their HTML answers carry the frame-ancestors. */
const pageDir = path.join(dir, 'page');
let database: TestDatabase;
let a: Instance;
let b: Instance;

async function startInstance(url: string, env: Record<string, string> = {}): Promise<Instance> {
  const server = await startMainServer(dir, {
    RVM_DATABASE_URL: url,
    RVM_ADMIN_TOKEN: ADMIN_TOKEN,
    RVM_STATIC: pageDir,
    ...env,
  });
  return {
    base: server.base,
    async stop() {
      expect(await server.stop(), server.stderr()).toBe(0);
    },
  };
}

/** An open event stream and the text received so far. */
function openStream(
  url: string,
): Promise<{ text: () => string; until(pattern: RegExp, ms: number): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      resolve({
        text: () => text,
        until: (pattern, ms) =>
          expect
            .poll(() => text, { timeout: ms, interval: 10 })
            .toMatch(pattern)
            .then(() => undefined),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const patch = (instance: Instance, id: string, body: unknown) =>
  fetch(`${instance.base}/api/operator/machines/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...auth() },
    body: JSON.stringify(body),
  });

const list = async (instance: Instance, headers: Record<string, string> = {}) => {
  const response = await fetch(`${instance.base}/api/rvm/`, { method: 'POST', headers });
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    rvms: response.status === 200 ? ((await response.json()) as { rvms: { id: string; status: string }[] }).rvms : [],
  };
};

beforeAll(async () => {
  fs.mkdirSync(pageDir, { recursive: true });
  fs.writeFileSync(path.join(pageDir, 'index.html'), '<!doctype html><title>map</title>');
  database = await createTestDatabase(inject('pgAdminUrl'));
  // Started together, as a rolling deploy or a scale-out does: one migrates and seeds, the other waits its turn.
  [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL database', () => {
  it('answer the same list, seeded once', async () => {
    const [fromA, fromB] = await Promise.all([list(a), list(b)]);
    expect(fromA.rvms.map((m) => m.id)).toEqual(['RVM-001', 'RVM-002', 'RVM-003', 'RVM-004']);
    expect(fromB.etag).toBe(fromA.etag);
    expect(fromB.rvms).toEqual(fromA.rvms);
  });

  it("send a PATCH taken by A to a page connected to B within a second, and change B's list and ETag with it", async () => {
    const before = await list(b);
    const stream = await openStream(`${b.base}/api/events`);
    try {
      await stream.until(/event: ready\n/, 5_000);
      const next = before.rvms.find((m) => m.id === 'RVM-002')!.status === 'Full' ? '>40%' : 'Full';
      const started = performance.now();
      expect((await patch(a, 'RVM-002', { status: next })).status).toBe(200);
      await stream.until(/event: machine\nid: \S+\ndata: \{"id":"RVM-002"/, 1_000);
      expect(performance.now() - started).toBeLessThan(1_000);
      const event = /event: machine\nid: \S+\ndata: (.*)\n/.exec(stream.text())!;
      expect(JSON.parse(event[1]!)).toMatchObject({ id: 'RVM-002', status: next });

      const after = await list(b, { 'if-none-match': before.etag! });
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(after.rvms.find((m) => m.id === 'RVM-002')?.status).toBe(next);
      expect((await list(a)).etag).toBe(after.etag);
    } finally {
      stream.close();
    }
  });

  it('serve a photo uploaded to A from B, content-addressed and cached for a year', async () => {
    const image = makePng(6, 6, [1, 2, 3]);
    const { payload, headers } = await multipart({ file: { data: image, filename: 'x.png', type: 'image/png' } });
    const uploaded = await fetch(`${a.base}/api/upload`, {
      method: 'POST',
      headers: { ...headers, ...auth() },
      body: new Uint8Array(payload),
    });
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    const served = await fetch(`${b.base}/api/file/${id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('etag')).toBe(`"${id}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('survive a dropped connection: B listens again, tells its pages to reload, and hears A again', async () => {
    const stream = await openStream(`${b.base}/api/events`);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      await stream.until(/event: ready\n/, 5_000);
      // Every listening connection to the database ends, as in a database restart or a network cut.
      const { rows } = await admin.query<{ ended: boolean }>(
        "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND application_name = 'rvm-listen'",
        [database.name],
      );
      expect(rows.length).toBe(2);
      await stream.until(/event: resync\n/, 5_000);
      await expect
        .poll(
          async () => {
            const { rows: listening } = await admin.query(
              "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'rvm-listen'",
              [database.name],
            );
            return listening.length;
          },
          { timeout: 10_000 },
        )
        .toBe(2);

      expect((await patch(a, 'RVM-003', { under_maintenance: false })).status).toBe(200);
      await stream.until(/data: \{"id":"RVM-003"[^\n]*"under_maintenance":false/, 1_000);
    } finally {
      stream.close();
      await admin.end();
    }
  });
});

describe('named API tokens on two instances', () => {
  it('a token made on A calls B, and once revoked on A it gets 401 on B at once', async () => {
    const pool = new pg.Pool({ connectionString: database.url });
    const at = new Date().toISOString();
    await pool.query(
      `INSERT INTO accounts (name, password_hash, role, created_at, password_changed_at) VALUES ($1, $2, 'admin', $3, $3)`,
      ['ada', await hashPassword(PASSWORD), at],
    );
    await pool.end();
    const signedIn = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SAME_SITE },
      body: JSON.stringify({ name: 'ada', password: PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = ((await signedIn.json()) as { session: { csrfToken: string } }).session;
    const asAda = { cookie, 'x-csrf-token': csrfToken, ...SAME_SITE };
    const made = await fetch(`${a.base}/api/operator/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asAda },
      body: JSON.stringify({ name: 'controller', role: 'viewer' }),
    });
    const { token, secret } = (await made.json()) as { token: { id: number }; secret: string };
    const onB = () =>
      fetch(`${b.base}/api/operator/machines`, { headers: { authorization: `Bearer ${secret}` } }).then(
        (r) => r.status,
      );
    expect(await onB()).toBe(200);
    const revoked = await fetch(`${a.base}/api/operator/tokens/${token.id}`, { method: 'DELETE', headers: asAda });
    expect(revoked.status).toBe(200);
    expect(await onB()).toBe(401);
  });

  it('an embed origin added on A frames B’s page without a restart, within the cache time; removed, it is gone', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const at = new Date().toISOString();
    await pool.query(
      `INSERT INTO accounts (name, password_hash, role, created_at, password_changed_at) VALUES ($1, $2, 'admin', $3, $3)`,
      ['eve', await hashPassword(PASSWORD), at],
    );
    await pool.end();
    const signedIn = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SAME_SITE },
      body: JSON.stringify({ name: 'eve', password: PASSWORD }),
    });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = ((await signedIn.json()) as { session: { csrfToken: string } }).session;
    const asEve = { cookie, 'x-csrf-token': csrfToken, ...SAME_SITE };
    const ancestorsOf = async (instance: Instance) => {
      const page = await fetch(`${instance.base}/`);
      return /frame-ancestors ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    };
    const originsInConfigOf = async (instance: Instance) =>
      (await (await fetch(`${instance.base}/runtime-config.js`)).text()).includes('https://host.example.org');
    // B has read the origins (none: any site) and would keep them for EMBED_ORIGINS_CACHE_MS (5 s) but for A's NOTIFY.
    expect(await ancestorsOf(b)).toBe('*');
    const origin = 'https://host.example.org';
    const added = await fetch(`${a.base}/api/operator/embed-origins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asEve },
      body: JSON.stringify({ origin }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    await expect.poll(() => ancestorsOf(b), { timeout: 3_000, interval: 20 }).toBe(`'self' ${origin}`);
    expect(await originsInConfigOf(b)).toBe(true);
    expect(await ancestorsOf(a)).toBe(`'self' ${origin}`);

    const removed = await fetch(`${a.base}/api/operator/embed-origins?origin=${encodeURIComponent(origin)}`, {
      method: 'DELETE',
      headers: asEve,
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => ancestorsOf(b), { timeout: 3_000, interval: 20 }).toBe('*');
    expect(await originsInConfigOf(b)).toBe(false);
  });
});

describe('an instance following the feed, with another on the same database', () => {
  let feedDatabase: TestDatabase;
  let feed: FakeFeed;
  let follower: Instance | undefined;
  let other: Instance | undefined;

  beforeAll(async () => {
    const data = await feedData();
    feed = await startFakeFeed(structuredClone(data.rvms), data.photos);
    feedDatabase = await createTestDatabase(inject('pgAdminUrl'));
    follower = await startInstance(feedDatabase.url, { RVM_UPSTREAM_URL: feed.url, RVM_UPSTREAM_INTERVAL_S: '15' });
    // Its first poll, at start, loads the feed; the other instance then starts on a database already filled.
    const deadline = Date.now() + 20_000;
    while ((await list(follower)).rvms.length < data.rvms.length) {
      if (Date.now() > deadline) throw new Error('the follower did not load the feed within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    other = await startInstance(feedDatabase.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([follower?.stop(), other?.stop()]);
    await feed?.close();
    await feedDatabase?.drop();
  });

  it("sends a sync's change to a page connected to the other instance, with its history and the feed's photos", async () => {
    const stream = await openStream(`${other!.base}/api/events`);
    try {
      await stream.until(/event: ready\n/, 5_000);
      const changed = feed.rvms[1] as { id: string; status: string };
      changed.status = changed.status === 'Full' ? '>40%' : 'Full';
      // The follower polls every 15 s: the change is written at its next poll.
      await stream.until(new RegExp(`event: machine\\nid: \\S+\\ndata: \\{"id":"${changed.id}"`), 20_000);
      expect((await list(other!)).rvms.find((m) => m.id === changed.id)?.status).toBe(changed.status);
      const history = (await (await fetch(`${other!.base}/api/rvm/${changed.id}/history`)).json()) as {
        history: { status: string }[];
      };
      expect(history.history.at(-1)?.status).toBe(changed.status);
    } finally {
      stream.close();
    }
    for (const [id, bytes] of feed.photos) {
      const served = await fetch(`${other!.base}/api/file/${id}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  }, 60_000);
});
