// Issue 43: one poller. Instances on one PostgreSQL database that all follow the feed: one polls, the others stand
// by; when the poller dies the next takes over within two intervals, and no sync is written twice.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NotThePollerError, type FeedMachine } from '../../../server/db/feedStore';
import { PgEngine } from '../../../server/db/pg/engine';
import { FeedFollower } from '../../../server/feed/follower';
import { MachineBus } from '../../../server/live/bus';
import { validateMachineRow } from '../../../server/machines/validate';
import { feedData, startFakeFeed, type FakeFeed } from '../fakeFeed';
import { ADMIN_TOKEN, makeTempDir, startMainServer, type MainServerProcess } from '../helpers';
import fixtures from '../fixtures/machines.json';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

const feedMachine = (fixture: (typeof fixtures)[number]): FeedMachine => {
  const result = validateMachineRow({ ...fixture, photo: null }, 1);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { row: result.row, photo: { kind: 'none' } };
};

describe('the poller lease (PostgreSQL)', () => {
  let database: TestDatabase;
  let engine: PgEngine;

  beforeAll(async () => {
    database = await createTestDatabase(inject('pgAdminUrl'));
    engine = await PgEngine.open(database.url, { poolMax: 4, lockTimeoutMs: 1000 });
  });

  afterAll(async () => {
    await engine?.close();
    await database?.drop();
  });

  it('is held by one instance at a time, passes on when it runs out, and fences the one that lost it', async () => {
    expect(await engine.feed.claimPoller('a', 60_000, '{"n":1}')).toEqual({
      held: true,
      holder: 'a',
      report: '{"n":1}',
      term: 1,
    });
    expect(await engine.feed.claimPoller('b', 60_000, null)).toEqual({
      held: false,
      holder: 'a',
      report: '{"n":1}',
      term: 1,
    });
    // Renewed by its holder, with a new report.
    expect(await engine.feed.claimPoller('a', 60_000, '{"n":2}')).toMatchObject({
      held: true,
      report: '{"n":2}',
      term: 1,
    });

    // A's lease runs out (a frozen process, a network cut): B takes it.
    await engine.pool.query("UPDATE feed_poller SET expires_at = now() - interval '1 second'");
    expect(await engine.feed.claimPoller('b', 60_000, null)).toEqual({
      held: true,
      holder: 'b',
      report: null,
      term: 2,
    });
    expect(await engine.feed.claimPoller('a', 60_000, '{"n":3}')).toEqual({
      held: false,
      holder: 'b',
      report: null,
      term: 2,
    });

    // A comes back with a sync it polled before: refused, and nothing is written.
    const machines = fixtures.map(feedMachine);
    const ids = fixtures.map((fixture) => fixture.id);
    await expect(engine.feed.applySnapshot(machines, ids, { poller: 'a' })).rejects.toBeInstanceOf(NotThePollerError);
    expect(await engine.countMachines()).toBe(0);
    expect((await engine.feed.applySnapshot(machines, ids, { poller: 'b' })).inserted).toBe(fixtures.length);

    // A poller that stops hands the lease on at once.
    await engine.feed.releasePoller('b');
    expect(await engine.feed.claimPoller('a', 60_000, null)).toMatchObject({ held: true, holder: 'a', term: 3 });
  });
});

describe('two followers taking turns on one database', () => {
  it("forgets its ETag when it takes the lease back, so the feed's answer overwrites what the other wrote", async () => {
    const database = await createTestDatabase(inject('pgAdminUrl'));
    const engine = await PgEngine.open(database.url, { poolMax: 4, lockTimeoutMs: 1000 });
    const data = await feedData();
    const feed = await startFakeFeed(structuredClone(data.rvms), data.photos);
    const follower = (instance: string) =>
      new FeedFollower(engine, new MachineBus(), {
        baseUrl: feed.url,
        // A lease of 30 ms, claimed again at each poll: each step below sees the lease as the database has it.
        intervalMs: 30,
        timeoutMs: 3000,
        maxBytes: 1024 * 1024,
        photoMaxBytes: 1024 * 1024,
        staleAfterMs: 60_000,
        log: () => undefined,
        instance,
      });
    const [a, b] = [follower('a'), follower('b')];
    const expire = () => engine.pool.query("UPDATE feed_poller SET expires_at = now() - interval '1 second'");
    const status = async () => (await engine.getMachine('RVM-002'))?.status;
    try {
      const machine = feed.rvms.find((candidate) => (candidate as { id: string }).id === 'RVM-002') as {
        status: string;
      };
      const first = machine.status;
      await a.poll();
      await a.photosSettled();
      expect(await status()).toBe(first);

      await expire();
      machine.status = first === 'Full' ? '>40%' : 'Full';
      await b.poll();
      await b.photosSettled();
      expect(await status()).toBe(machine.status);

      // The feed goes back to the answer A saw last: A, polling again, must not take it as "not modified".
      await expire();
      machine.status = first;
      await a.poll();
      expect(feed.listCalls.at(-1)).toMatchObject({ status: 200, ifNoneMatch: undefined });
      expect(await status()).toBe(first);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await feed.close();
      await engine.close();
      await database.drop();
    }
  });
});

describe('a standby taking over', () => {
  it('polls once when it takes the lease, whichever of its timers finds the lease free', async () => {
    const INTERVAL_MS = 300;
    const database = await createTestDatabase(inject('pgAdminUrl'));
    const engine = await PgEngine.open(database.url, { poolMax: 4, lockTimeoutMs: 1000 });
    const data = await feedData();
    const feed = await startFakeFeed(structuredClone(data.rvms), data.photos);
    const follower = new FeedFollower(engine, new MachineBus(), {
      baseUrl: feed.url,
      intervalMs: INTERVAL_MS,
      timeoutMs: 3000,
      maxBytes: 1024 * 1024,
      photoMaxBytes: 1024 * 1024,
      staleAfterMs: 60_000,
      log: () => undefined,
      instance: 'a',
    });
    try {
      await follower.start();
      // Several hand-overs: its lease timer and its poll loop each find the lease free first, by turns.
      for (let turn = 0; turn < 20; turn++) {
        await engine.pool.query(
          "UPDATE feed_poller SET holder = 'x', term = term + 1, expires_at = now() + interval '1 hour'",
        );
        await expect.poll(() => follower.status().role, { timeout: 5000, interval: 10 }).toBe('standby');
        const before = feed.listCalls.length;
        await engine.pool.query("UPDATE feed_poller SET expires_at = now() - interval '1 second'");
        await expect.poll(() => feed.listCalls.length, { timeout: 5000, interval: 5 }).toBeGreaterThan(before);
        await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS / 2));
        expect(feed.listCalls.length - before, `turn ${turn}`).toBe(1);
      }
    } finally {
      await follower.stop();
      await feed.close();
      await engine.close();
      await database.drop();
    }
  });
});

describe('two server processes following one feed on one database', () => {
  const INTERVAL_S = 15;
  const dir = makeTempDir();
  let database: TestDatabase;
  let feed: FakeFeed;
  let servers: MainServerProcess[] = [];

  interface Health {
    feed: { role: 'poller' | 'standby'; poller: string | null; failures: number; last_sync: string | null };
  }
  const health = async (server: MainServerProcess): Promise<Health['feed']> =>
    ((await (await fetch(`${server.base}/api/health`)).json()) as Health).feed;
  const list = async (server: MainServerProcess): Promise<{ id: string; status: string }[]> =>
    ((await (await fetch(`${server.base}/api/rvm/`, { method: 'POST' })).json()) as { rvms: never[] }).rvms;
  const historyOf = async (server: MainServerProcess, id: string): Promise<{ status: string }[]> =>
    ((await (await fetch(`${server.base}/api/rvm/${id}/history`)).json()) as { history: never[] }).history;
  const change = (id: string): string => {
    const machine = feed.rvms.find((candidate) => (candidate as { id: string }).id === id) as { status: string };
    machine.status = machine.status === 'Full' ? '>40%' : 'Full';
    return machine.status;
  };
  const statusOn = async (server: MainServerProcess, id: string) =>
    (await list(server)).find((machine) => machine.id === id)?.status;

  beforeAll(async () => {
    const data = await feedData();
    feed = await startFakeFeed(structuredClone(data.rvms), data.photos);
    database = await createTestDatabase(inject('pgAdminUrl'));
    const env = {
      RVM_DATABASE_URL: database.url,
      RVM_ADMIN_TOKEN: ADMIN_TOKEN,
      RVM_UPSTREAM_URL: feed.url,
      RVM_UPSTREAM_INTERVAL_S: String(INTERVAL_S),
    };
    // The same settings on both, started together, as a scale-out does.
    servers = await Promise.all([startMainServer(dir, env), startMainServer(dir, env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await feed?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('polls from one instance; SIGKILL it and the other takes over within two intervals, writing no sync twice', async () => {
    await expect.poll(async () => (await list(servers[0]!)).length, { timeout: 20_000, interval: 200 }).toBe(4);
    const states = await Promise.all(servers.map(health));
    const pollerIndex = states.findIndex((state) => state.role === 'poller');
    expect(pollerIndex).toBeGreaterThanOrEqual(0);
    const poller = servers[pollerIndex]!;
    const standby = servers[1 - pollerIndex]!;
    // The standby says who polls for it, and reports that instance's sync.
    expect(states[1 - pollerIndex]).toMatchObject({ role: 'standby', poller: states[pollerIndex]!.poller });
    expect(states[pollerIndex]!.poller).toEqual(expect.any(String));

    const first = change('RVM-002');
    await expect
      .poll(() => statusOn(standby, 'RVM-002'), { timeout: 2 * INTERVAL_S * 1000, interval: 200 })
      .toBe(first);
    expect((await historyOf(standby, 'RVM-002')).map((entry) => entry.status).at(-1)).toBe(first);
    expect(await historyOf(standby, 'RVM-002')).toHaveLength(2);
    expect((await health(standby)).last_sync).not.toBeNull();

    expect(await poller.stop('SIGKILL')).toBeNull();
    const killedAt = Date.now();
    const callsBefore = feed.listCalls.length;
    await expect
      .poll(() => feed.listCalls.length, { timeout: 2 * INTERVAL_S * 1000 + 5000, interval: 100 })
      .toBeGreaterThan(callsBefore);
    const takeoverMs = feed.listCalls[callsBefore]!.at - killedAt;
    console.log(`takeover after SIGKILL: ${takeoverMs} ms (interval ${INTERVAL_S * 1000} ms)`);
    expect(takeoverMs).toBeLessThan(2 * INTERVAL_S * 1000);
    expect(await health(standby)).toMatchObject({ role: 'poller', failures: 0 });

    const second = change('RVM-003');
    await expect
      .poll(() => statusOn(standby, 'RVM-003'), { timeout: 2 * INTERVAL_S * 1000, interval: 200 })
      .toBe(second);

    // One instance polled at a time: two pollers would put list calls well within one interval of each other (the
    // lease is renewed every third of an interval, so a takeover comes at least two thirds of one after the last).
    const gaps = feed.listCalls.slice(1).map((call, n) => call.at - feed.listCalls[n]!.at);
    console.log(`list calls: ${feed.listCalls.length}, gaps ${gaps.join(', ')} ms`);
    expect(Math.min(...gaps)).toBeGreaterThan(INTERVAL_S * 1000 * 0.6);
    // The new poller's first answer, the same as the last one written, wrote nothing again.
    expect(await historyOf(standby, 'RVM-002')).toHaveLength(2);
    expect((await historyOf(standby, 'RVM-003')).map((entry) => entry.status)).toHaveLength(2);
    const all = await Promise.all(['RVM-001', 'RVM-002', 'RVM-003', 'RVM-004'].map((id) => historyOf(standby, id)));
    expect(all.map((entries) => entries.length)).toEqual([1, 2, 2, 1]);
  }, 150_000);
});
