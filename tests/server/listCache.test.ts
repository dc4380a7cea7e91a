import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListCache } from '../../server/http/listCache';
import { auth, runOnOtherConnection, startSeededTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const list = async () => {
  const response = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
  const first = response.json().rvms.find((m: { id: string }) => m.id === 'RVM-001');
  return {
    etag: response.headers.etag,
    status: first.status as string,
    maintenance: first.under_maintenance as boolean,
  };
};

describe('the list call body cache', () => {
  // The database's change key as each engine reads it is tested below, through the list call.
  let version = 0;
  const key = () => String(version);
  const touch = (_id: string) => void (version += 1);

  it('builds the body once while nothing changes', async () => {
    let builds = 0;
    const { current } = createListCache(key, async () => String(++builds));
    expect(await current()).toBe('1');
    expect(await current()).toBe('1');
    touch('RVM-002');
    expect(await current()).toBe('2');
    expect(await current()).toBe('2');
  });

  it('shares a build in progress, runs one build at a time, and builds again for a change made meanwhile', async () => {
    const running: number[] = [];
    const releases: (() => void)[] = [];
    let builds = 0;
    const { current } = createListCache(key, async () => {
      const build = ++builds;
      running.push(build);
      expect(running).toHaveLength(1);
      await new Promise<void>((release) => releases.push(release));
      running.splice(running.indexOf(build), 1);
      return build;
    });
    const first = [current(), current()];
    touch('RVM-003');
    const second = current();
    await expect.poll(() => releases.length).toBe(1);
    releases[0]!();
    expect(await Promise.all(first)).toEqual([1, 1]);
    await expect.poll(() => releases.length).toBe(2);
    releases[1]!();
    expect(await second).toBe(2);
    expect(await current()).toBe(2);
  });

  it.each([
    ['read at once (SQLite)', key],
    ['read by a query (PostgreSQL)', async () => key()],
  ])(
    'keeps at most one build waiting, however often the database changes while one runs: a key %s',
    async (_name, readKey) => {
      const releases: (() => void)[] = [];
      let builds = 0;
      const { current } = createListCache(readKey, async () => {
        const build = ++builds;
        await new Promise<void>((release) => releases.push(release));
        return build;
      });
      const first = current();
      const waiting: Promise<number>[] = [];
      for (let change = 0; change < 20; change++) {
        touch('RVM-002');
        waiting.push(current(), current());
      }
      await expect.poll(() => releases.length).toBe(1);
      releases[0]!();
      expect(await first).toBe(1);
      await expect.poll(() => releases.length).toBe(2);
      releases[1]!();
      // Every caller who came during the first build gets the second, which saw all twenty changes.
      expect(new Set(await Promise.all(waiting))).toEqual(new Set([2]));
      expect(builds).toBe(2);
      expect(await current()).toBe(2);
    },
  );

  it('builds again after a failed build', async () => {
    let builds = 0;
    const { current } = createListCache(key, async () => {
      builds += 1;
      if (builds === 1) throw new Error('disk gone');
      return builds;
    });
    await expect(current()).rejects.toThrow('disk gone');
    expect(await current()).toBe(2);
  });

  it('answers the last finished build to a check that must stay cheap, starting no rebuild, and its failure', async () => {
    const releases: (() => void)[] = [];
    let builds = 0;
    const { current, latest } = createListCache(key, async () => {
      const build = ++builds;
      await new Promise<void>((release) => releases.push(release));
      if (build === 3) throw new Error('pages damaged');
      return build;
    });
    expect(latest()).toBeNull();
    const first = current();
    expect(latest()).toBeNull();
    await expect.poll(() => releases.length).toBe(1);
    releases[0]!();
    expect(await first).toBe(1);
    touch('RVM-004');
    // The check is answered from the first build and starts none; the next list call does.
    expect(await latest()).toBe(1);
    expect(builds).toBe(1);
    const second = current();
    await expect.poll(() => releases.length).toBe(2);
    releases[1]!();
    expect(await second).toBe(2);
    expect(await latest()).toBe(2);
    touch('RVM-004');
    const failing = current();
    await expect.poll(() => releases.length).toBe(3);
    releases[2]!();
    await expect(failing).rejects.toThrow('pages damaged');
    await expect(latest()).rejects.toThrow('pages damaged');
    expect(builds).toBe(3);
  });

  it('reads a key that is a promise (PostgreSQL reads data_version per call) before every answer', async () => {
    let builds = 0;
    const { current, latest } = createListCache(
      async () => key(),
      async () => String(++builds),
    );
    expect(await current()).toBe('1');
    expect(await latest()).toBe('1');
    touch('RVM-002');
    expect(await current()).toBe('2');
    const failing = createListCache(
      async () => Promise.reject(new Error('connection refused')),
      async () => 'never',
    );
    await expect(failing.current()).rejects.toThrow('connection refused');
    // No build ran: health, which asks latest(), learns of the lost database from its own count instead.
    expect(failing.latest()).toBeNull();
  });

  it('answers the same ETag for an unchanged database', async () => {
    expect((await list()).etag).toBe((await list()).etag);
  });

  it('sees a change committed by another process (the import command) at once', async () => {
    const before = await list();
    await runOnOtherConnection(
      server.config,
      "UPDATE machines SET status = ? WHERE id = 'RVM-001'",
      before.status === 'Full' ? '>40%' : 'Full',
    );
    const after = await list();
    expect(after.status).not.toBe(before.status);
    expect(after.etag).not.toBe(before.etag);
  });

  it("sees the server's own writes (an operator update) at once", async () => {
    const before = await list();
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-001',
      headers: auth(),
      payload: { under_maintenance: !before.maintenance },
    });
    expect(response.statusCode).toBe(200);
    const after = await list();
    expect(after.maintenance).toBe(!before.maintenance);
    expect(after.etag).not.toBe(before.etag);
  });

  it('sees a deactivation or a feed timestamp set by an operator at once', async () => {
    const before = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-002',
      headers: auth(),
      payload: { deactivated: true, last_emptied_at: '2026-11-23T10:00:00+08:00' },
    });
    expect(response.statusCode).toBe(200);
    const after = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().rvms.find((m: { id: string }) => m.id === 'RVM-002')).toMatchObject({
      deactivated: true,
      last_emptied_at: '2026-11-23T02:00:00.000Z',
    });
  });
});
