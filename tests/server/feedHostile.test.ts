// Issue 43: a hostile feed. Values nested past any limit, lists with no valid machine, a mass deactivation, photos
// that trickle, photo ids and redirects that would take the follower off its feed, a bad picture.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedFollower, type FollowerOptions } from '../../server/feed/follower';
import { MachineBus } from '../../server/live/bus';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { feedData, listOf, RawJson, startFakeFeed, testFollowerOptions, type FakeFeed } from './fakeFeed';
import { startTestServer, type TestServer } from './helpers';

const DEPTH = 100_000;

/** The machine as JSON with `field` nested DEPTH arrays (coordinates) or objects (picture) deep. */
function nested(machine: ApiMachine, field: 'coordinates' | 'picture'): RawJson {
  const deep =
    field === 'coordinates'
      ? `${'['.repeat(DEPTH)}22.3${']'.repeat(DEPTH)}`
      : `${'{"id":'.repeat(DEPTH)}"x"${'}'.repeat(DEPTH)}`;
  return new RawJson(JSON.stringify({ ...machine, [field]: '__DEEP__' }).replace('"__DEEP__"', deep));
}

const otherStatus = (machine: ApiMachine): ApiMachine['status'] => (machine.status === 'Full' ? '>40%' : 'Full');

let data: Awaited<ReturnType<typeof feedData>>;
/** The fixture machines, every one active (one is deactivated in the fixtures). */
let active: ApiMachine[];
beforeAll(async () => {
  data = await feedData();
  active = data.rvms.map((machine) => ({ ...machine, deactivated: false }));
});

describe('a hostile feed, poll by poll', () => {
  let feed: FakeFeed;
  let server: TestServer;
  let logs: string[];
  let follower: FeedFollower;

  const makeFollower = (options: Partial<FollowerOptions> = {}): FeedFollower =>
    new FeedFollower(server.engine, new MachineBus(), { ...testFollowerOptions(feed.url, logs), ...options });
  const machines = () => feed.rvms as ApiMachine[];
  const stored = async (id: string) => (await listOf(server)).find((machine) => machine.id === id);
  /** The first poll, its photos fetched. */
  const synced = async (): Promise<void> => {
    await follower.poll();
    await follower.photosSettled();
    logs.length = 0;
  };

  beforeEach(async () => {
    feed = await startFakeFeed(structuredClone(active), new Map(data.photos));
    // The follower is driven by hand beside an app without a feed: on PostgreSQL the app's alerts would take the
    // poller lease (100 ms here) between two polls, and the second would stand by (feed.test.ts does the same).
    server = await startTestServer({}, { alerting: false });
    logs = [];
    follower = makeFollower();
  });

  afterEach(async () => {
    await follower.stop();
    await server.close();
    await feed.close();
  });

  it.each(['coordinates', 'picture'] as const)(
    'skips a machine nested 100 000 deep in %s with one logged reason; the others apply',
    async (field) => {
      await synced();
      const [deep, ...rest] = machines();
      for (const machine of rest) machine.status = otherStatus(machine);
      feed.rvms = [nested({ ...deep!, status: otherStatus(deep!) }, field), ...rest];
      await follower.poll();
      for (const machine of rest) expect((await stored(machine.id))?.status).toBe(machine.status);
      expect(await stored(deep!.id)).toEqual(active[0]);
      expect(follower.status()).toMatchObject({ failures: 0, lastError: null });
      await follower.poll();
      expect(logs).toEqual([
        `warn feed: machine ${deep!.id} skipped: row 1 (${deep!.id}): nests arrays or objects more than 64 levels deep`,
      ]);
    },
  );

  it.each([
    ['[null]', [null]],
    ['[{}]', [{}]],
    ['one bad object', [{ id: 'RVM-001', district: 'ATLANTIS' }]],
    ['only machines nested too deep', 'deep'],
  ] as const)(
    'takes a list with no valid machine (%s) as a failed poll: nothing is deactivated',
    async (_name, rvms) => {
      await synced();
      const before = await listOf(server);
      feed.rvms = rvms === 'deep' ? machines().map((machine) => nested(machine, 'coordinates')) : [...rvms];
      await follower.poll();
      expect(await listOf(server)).toEqual(before);
      expect(before.filter((machine) => machine.deactivated)).toEqual([]);
      expect(follower.status()).toMatchObject({
        failures: 1,
        lastError: expect.stringMatching(/^no machine in the answer is valid \(\d+ skipped\)$/),
      });
      expect(logs.filter((line) => line.includes('failed'))).toHaveLength(1);
    },
  );

  it('holds a sync that would leave fewer than half the machines active until the next poll confirms it', async () => {
    await synced();
    const [kept, ...gone] = machines();
    kept!.status = otherStatus(kept!);
    feed.rvms = [kept];
    await follower.poll();
    const held = await listOf(server);
    expect(held.filter((machine) => machine.deactivated)).toEqual([]);
    // The rest of the answer applies meanwhile.
    expect(held.find((machine) => machine.id === kept!.id)?.status).toBe(kept!.status);
    expect(follower.status().heldDeactivation).toMatchObject({
      machines: gone.length,
      active: data.rvms.length,
      remaining: 1,
      baseline: data.rvms.length,
    });
    expect(logs).toEqual([
      `warn feed: the answer would leave 1 of the ${data.rvms.length} machines active (the most since the last confirmed deactivation); ${gone.length} deactivations held until the next answer confirms them or an admin decides`,
    ]);

    await follower.poll();
    const confirmed = await listOf(server);
    expect(confirmed.filter((machine) => machine.deactivated).map((machine) => machine.id)).toEqual(
      gone.map((machine) => machine.id).sort(),
    );
    expect(follower.status().heldDeactivation).toBeNull();
    expect(logs[1]).toBe(
      `warn feed: the next answer confirms the held deactivation: ${gone.length} machines deactivated`,
    );
  });

  it('drops a held deactivation that the next answer does not confirm', async () => {
    await synced();
    const all = machines();
    feed.rvms = all.slice(0, 1);
    await follower.poll();
    expect(follower.status().heldDeactivation).not.toBeNull();
    feed.rvms = all;
    await follower.poll();
    expect((await listOf(server)).filter((machine) => machine.deactivated)).toEqual([]);
    expect(follower.status().heldDeactivation).toBeNull();
    expect(logs[1]).toBe('warn feed: the next answer sends most machines again; the held deactivation is dropped');
  });

  it('deactivates half the active machines at once: only more than half is held', async () => {
    await synced();
    feed.rvms = machines().slice(0, data.rvms.length / 2);
    await follower.poll();
    expect((await listOf(server)).filter((machine) => machine.deactivated)).toHaveLength(data.rvms.length / 2);
    expect(follower.status().heldDeactivation).toBeNull();
  });

  it.each(['..', '.', 'a.png', '%2e%2e', 'a/b', '..%2fx', 'a%20b'])(
    'refuses the photo id "%s" without asking the feed for it; the machine keeps its photo',
    async (id) => {
      await synced();
      const [machine] = machines().filter((candidate) => candidate.picture);
      const photoBefore = (await stored(machine!.id))!.picture;
      expect(photoBefore?.id).toMatch(/^[0-9a-f]{64}$/);
      const requestsBefore = feed.requests.length;
      machine!.picture = { id };
      machine!.status = otherStatus(machine!);
      await follower.poll();
      await follower.photosSettled();
      expect(await stored(machine!.id)).toMatchObject({ status: machine!.status, picture: photoBefore });
      expect(feed.requests.slice(requestsBefore)).toEqual(['POST /api/rvm/']);
      expect(logs.some((line) => line.includes(`machine ${machine!.id} picture skipped`))).toBe(true);
    },
  );

  it('refuses a redirect of the list, to another origin or to its own: nothing is applied', async () => {
    await synced();
    const elsewhere = await startFakeFeed(structuredClone(data.rvms).map((m) => ({ ...m, status: 'Full' })));
    try {
      const before = await listOf(server);
      for (const [n, target] of [`${elsewhere.url}rvm/`, `${feed.url}rvm/?again`].entries()) {
        feed.redirects.set('/api/rvm/', target);
        await follower.poll();
        expect(follower.status()).toMatchObject({
          failures: n + 1,
          lastError: `the feed redirects to ${target} (HTTP 307); redirects are not followed: set RVM_UPSTREAM_URL to the address that answers`,
        });
      }
      expect(elsewhere.requests).toEqual([]);
      expect(feed.requests.filter((request) => request.includes('again'))).toEqual([]);
      expect(await listOf(server)).toEqual(before);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses a redirect of a photo: the photo stays waiting and the redirect is not followed', async () => {
    const [machine] = machines().filter((candidate) => candidate.picture);
    const id = machine!.picture!.id;
    const elsewhere = await startFakeFeed([], new Map([['x', data.photos.get(id)!]]));
    try {
      feed.redirects.set(`/api/file/${id}`, `${elsewhere.url}file/x`);
      await follower.poll();
      await follower.photosSettled();
      expect((await stored(machine!.id))?.picture).toBeUndefined();
      expect(elsewhere.requests).toEqual([]);
      expect(logs).toContain(`warn feed: photo ${id} not fetched: redirected (HTTP 302); redirects are not followed`);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('photos off the status path, as the server runs the follower', () => {
  const INTERVAL_MS = 300;
  /** A photo's time limit (and the list's): long past the status change, which comes within one interval. */
  const PHOTO_TIMEOUT_MS = 1500;
  let feed: FakeFeed;
  let server: TestServer;

  interface FeedHealth {
    failures: number;
    last_error: string | null;
    role: string;
    held_deactivation: { machines: number; active: number; remaining: number; baseline: number } | null;
    kept_machines: number;
    photos: { waiting: number; fetching: number; stalled: number; failed: number; last_error: string | null };
  }
  const health = async (): Promise<FeedHealth> =>
    (await server.app.inject({ method: 'GET', url: '/api/health' })).json<{ feed: FeedHealth }>().feed;

  beforeEach(async () => {
    feed = await startFakeFeed(structuredClone(active), new Map(data.photos));
  });

  afterEach(async () => {
    await server?.close();
    await feed.close();
  });

  it('applies a status change within one interval while four photos trickle at 1 byte/s; health shows them stalled', async () => {
    // Every machine names a photo of its own, answered a byte a second.
    const bytes = [...data.photos.values()][0]!;
    (feed.rvms as ApiMachine[]).forEach((machine, n) => {
      feed.photos.set(`slow-${n}`, bytes);
      feed.slowPhotos.add(`slow-${n}`);
      machine.picture = { id: `slow-${n}` };
    });
    // A time limit of 1.5 s: the four photos, two at a time, have all failed 3 s in (6 s with the server's 3 s).
    server = await startTestServer({
      upstreamUrl: feed.url,
      upstreamIntervalMs: INTERVAL_MS,
      upstreamTimeoutMs: PHOTO_TIMEOUT_MS,
    });
    await expect.poll(() => listOf(server), { timeout: 5000, interval: 50 }).toHaveLength(data.rvms.length);

    const changed = (feed.rvms as ApiMachine[])[0]!;
    changed.status = otherStatus(changed);
    const changedAt = Date.now();
    await expect
      .poll(async () => (await listOf(server)).find((machine) => machine.id === changed.id)?.status, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(changed.status);
    // The next poll comes within one interval; the rest is the time to answer and write it (photos trickling meanwhile).
    expect(Date.now() - changedAt).toBeLessThan(INTERVAL_MS + 1000);

    await expect.poll(async () => (await health()).photos.stalled, { timeout: 3000, interval: 50 }).toBeGreaterThan(0);
    expect(await health()).toMatchObject({ failures: 0, photos: { waiting: 4 } });
    // Each photo gives up at its time limit; the statuses never waited for them.
    await expect
      .poll(async () => (await health()).photos, { timeout: 10_000, interval: 100 })
      .toMatchObject({
        failed: 4,
        last_error: expect.stringMatching(new RegExp(`^photo slow-\\d: no answer within ${PHOTO_TIMEOUT_MS} ms$`)),
      });
  }, 30_000);

  it('says in health that a list with no valid machine failed, and that a deactivation is held', async () => {
    server = await startTestServer({ upstreamUrl: feed.url, upstreamIntervalMs: INTERVAL_MS });
    await expect.poll(() => listOf(server), { timeout: 5000, interval: 50 }).toHaveLength(data.rvms.length);
    const all = feed.rvms;
    feed.rvms = [null];
    await expect.poll(async () => (await health()).failures, { timeout: 5000, interval: 50 }).toBeGreaterThan(0);
    expect(await health()).toMatchObject({
      last_error: 'no machine in the answer is valid (1 skipped)',
      role: 'poller',
    });

    feed.rvms = all.slice(0, 1);
    await expect
      .poll(async () => (await health()).held_deactivation, { timeout: 5000, interval: 20 })
      .toMatchObject({
        machines: data.rvms.length - 1,
        active: data.rvms.length,
        remaining: 1,
        baseline: data.rvms.length,
      });
    expect(await health()).toMatchObject({ kept_machines: 0 });
    feed.rvms = all;
    await expect.poll(async () => (await health()).held_deactivation, { timeout: 5000, interval: 20 }).toBeNull();
    expect((await listOf(server)).filter((machine) => machine.deactivated)).toEqual([]);
  });
});
