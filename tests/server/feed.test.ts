// Issue 28: following the operator's feed. A fake feed on a loopback port, driven poll by poll, for every fault;
// a second copy of this server as the feed for the whole path to an open event stream.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedFollower, type FollowerOptions } from '../../server/feed/follower';
import { MachineBus } from '../../server/live/bus';
import type { LiveEvent } from '../../server/live/eventRing';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { feedData, listOf, startFakeFeed, testFollowerOptions, type FakeFeed } from './fakeFeed';
import { makePng, startSeededTestServer, startTestServer, usingPostgres, type TestServer } from './helpers';

const copy = <T>(value: T): T => structuredClone(value);

/** A number every write moves: SQLite's count of changed rows, PostgreSQL's data version (bumped by each write). */
const writesSoFar = async (server: TestServer): Promise<number> => {
  const row = usingPostgres()
    ? await server.sql.get<{ n: number }>('SELECT version AS n FROM data_version')
    : await server.sql.get<{ n: number }>('SELECT total_changes() AS n');
  return Number(row?.n);
};

describe('following a fake feed, poll by poll', () => {
  let data: Awaited<ReturnType<typeof feedData>>;
  let feed: FakeFeed;
  let server: TestServer;
  let bus: MachineBus;
  let events: LiveEvent[];
  let logs: string[];
  /**
   * What the follower logged of the feed. On PostgreSQL a loaded machine may also log the poller lease's own state
   * (read late, run out and taken again by this instance), which is not the feed's.
   */
  const feedLines = () => logs.filter((line) => !/poller lease|stands by|takes over polling/.test(line));
  let follower: FeedFollower;

  const makeFollower = (options: Partial<FollowerOptions> = {}): FeedFollower =>
    new FeedFollower(server.engine, bus, { ...testFollowerOptions(feed.url, logs), ...options });

  /** One poll and the photo fetches it starts in the background. */
  const pollThenPhotos = async (): Promise<void> => {
    await follower.poll();
    await follower.photosSettled();
  };

  beforeAll(async () => {
    data = await feedData();
  });

  beforeEach(async () => {
    feed = await startFakeFeed(copy(data.rvms), new Map(data.photos));
    // The follower is driven by hand here, beside an app without a feed: no alert lease of the app's competes with it.
    server = await startTestServer({}, { alerting: false });
    bus = new MachineBus();
    events = [];
    bus.subscribe((event) => events.push(event));
    logs = [];
    follower = makeFollower();
  });

  afterEach(async () => {
    await follower.stop();
    await server.close();
    await feed.close();
  });

  it('loads every machine and photo, the list then answering as the feed does', async () => {
    await pollThenPhotos();
    expect(await listOf(server)).toEqual(data.rvms);
    const withPhoto = data.rvms.find((machine) => machine.picture)!;
    const photo = await server.app.inject({ method: 'GET', url: `/api/file/${withPhoto.picture!.id}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(photo.rawPayload.equals(data.photos.get(withPhoto.picture!.id)!)).toBe(true);
    // New machines reach open pages as one reload of the list.
    expect(events.map((event) => event.type)).toContain('import');
    expect(follower.status()).toMatchObject({ failures: 0, stale: false, lastError: null });
    expect(feedLines()).toEqual([`info feed: following ${feed.url}`]);
  });

  it('asks again with If-None-Match and writes nothing on 304', async () => {
    await pollThenPhotos();
    const before = await writesSoFar(server);
    events.length = 0;
    await pollThenPhotos();
    expect(feed.listCalls.map((call) => call.status)).toEqual([200, 304]);
    expect(feed.listCalls[1]!.ifNoneMatch).toMatch(/^".+"$/);
    expect(await writesSoFar(server)).toBe(before);
    expect(events).toEqual([]);
    // Each photo was fetched once.
    expect(feed.photoCalls.length).toBe(data.photos.size);
  });

  it('sends a status change as a machine event and records it in the history', async () => {
    await pollThenPhotos();
    events.length = 0;
    const changed = feed.rvms[0] as ApiMachine;
    changed.status = 'Full';
    changed.bin_count = 3;
    await pollThenPhotos();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'machine', machine: { id: changed.id, status: 'Full', bin_count: 3 } });
    const history = await server.app.inject({ method: 'GET', url: `/api/rvm/${changed.id}/history` });
    expect(history.statusCode).toBe(200);
    const body = history.json<{ history: { status: string; bin_count: number | null }[] }>();
    expect(body.history.map((entry) => [entry.status, entry.bin_count])).toEqual([
      [data.rvms[0]!.status, data.rvms[0]!.bin_count],
      ['Full', 3],
    ]);
  });

  it('marks a machine gone from the feed deactivated, never deleted, and back when it returns', async () => {
    await pollThenPhotos();
    const [gone, ...rest] = feed.rvms as ApiMachine[];
    feed.rvms = rest;
    events.length = 0;
    await pollThenPhotos();
    const list = await listOf(server);
    expect(list).toHaveLength(data.rvms.length);
    expect(list.find((machine) => machine.id === gone!.id)).toMatchObject({ deactivated: true });
    expect(events).toMatchObject([{ type: 'machine', machine: { id: gone!.id, deactivated: true } }]);

    feed.rvms = [gone, ...rest];
    await pollThenPhotos();
    expect((await listOf(server)).find((machine) => machine.id === gone!.id)).toMatchObject({ deactivated: false });
    const history = (await server.app.inject({ method: 'GET', url: `/api/rvm/${gone!.id}/history` })).json<{
      history: { deactivated: boolean }[];
    }>().history;
    expect(history.map((entry) => entry.deactivated)).toEqual([false, true, false]);
  });

  it('skips a malformed machine with one logged reason; it keeps its last good record and the rest load', async () => {
    await pollThenPhotos();
    const [first, second, ...rest] = feed.rvms as ApiMachine[];
    const newcomer = { ...copy(second!), id: 'RVM-NEW', status: '>40%' };
    feed.rvms = [{ ...first, district: 'ATLANTIS', status: 'Full' }, { ...second, status: 'Full' }, ...rest, newcomer];
    await pollThenPhotos();
    const list = await listOf(server);
    expect(list.find((machine) => machine.id === first!.id)).toEqual(data.rvms[0]);
    expect(list.find((machine) => machine.id === second!.id)).toMatchObject({ status: 'Full' });
    expect(list.find((machine) => machine.id === 'RVM-NEW')).toMatchObject({ status: '>40%', deactivated: false });

    (feed.rvms[1] as ApiMachine).status = '<=5%'; // a new answer, the same fault
    await pollThenPhotos();
    const skips = logs.filter((line) => line.includes('skipped'));
    expect(skips).toHaveLength(1);
    expect(skips[0]).toMatch(new RegExp(`machine ${first!.id} skipped: .*district "ATLANTIS" is not a known district`));
  });

  it('skips a machine whose last report is in 9999 or 1900: it keeps its last good report time', async () => {
    await pollThenPhotos();
    const [first, second] = feed.rvms as ApiMachine[];
    feed.rvms = [
      { ...first, last_online: '9999-12-31T23:59:00+08:00' },
      { ...second, last_online: '1900-01-01T00:00:00Z' },
      ...feed.rvms.slice(2),
    ];
    await pollThenPhotos();
    const list = await listOf(server);
    expect(list.find((machine) => machine.id === first!.id)?.last_online).toBe(data.rvms[0]!.last_online);
    expect(list.find((machine) => machine.id === second!.id)?.last_online).toBe(data.rvms[1]!.last_online);
    const skips = logs.filter((line) => line.includes('skipped'));
    expect(skips).toHaveLength(2);
    expect(skips[0]).toMatch(
      new RegExp(`machine ${first!.id} skipped: .*last_online "9999-12-31T23:59:00\\+08:00" must be from 2000-01-01`),
    );
  });

  it.each([
    ['a 500', 'error500', /HTTP 500/],
    ['a timeout', 'hang', /no answer within 1000 ms/],
    ['a truncated body', 'truncated', /not JSON|terminated|other side closed/i],
    ['a 20 MB body', 'huge', /larger than 10485760 bytes/],
    ['an answer that is not a list', 'notAList', /no rvms array/],
  ] as const)(
    '%s changes nothing, is logged once, and the polls back off',
    async (_name, mode, reason) => {
      // A feed that never answers costs a whole time limit per poll: 1 s here instead of 3 s (the 20 MB body keeps
      // its 3 s, so that the size limit, not the clock, stops it).
      if (mode === 'hang') follower = makeFollower({ timeoutMs: 1000 });
      await pollThenPhotos();
      const listBefore = await listOf(server);
      const before = await writesSoFar(server);
      events.length = 0;
      logs.length = 0;
      (feed.rvms[0] as ApiMachine).status = 'Full';
      feed.mode = mode;

      await pollThenPhotos();
      await pollThenPhotos();
      expect(await writesSoFar(server)).toBe(before);
      expect(await listOf(server)).toEqual(listBefore);
      expect(events).toEqual([]);
      expect(follower.status()).toMatchObject({ failures: 2, lastError: expect.stringMatching(reason) });
      expect(feedLines()).toHaveLength(1);
      expect(feedLines()[0]).toMatch(reason);

      feed.mode = 'ok';
      await pollThenPhotos();
      expect((await listOf(server))[0]).toMatchObject({ status: 'Full' });
      expect(feedLines()).toHaveLength(2);
      expect(feedLines()[1]).toMatch(/answers again after 2 failed poll\(s\)/);
    },
    20_000,
  );

  it('waits twice as long after each failure, up to a cap, while the feed keeps failing', async () => {
    feed.mode = 'error500';
    await follower.start();
    await expect.poll(() => feed.listCalls.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(5);
    await follower.stop();
    const gaps = feed.listCalls.slice(1).map((call, index) => call.at - feed.listCalls[index]!.at);
    // random() = 0: the lower half of each doubling ceiling, 100 ms × 1, 2, 4, 8.
    const expected = [100, 200, 400, 800];
    gaps.slice(0, 4).forEach((gap, index) => {
      expect(gap).toBeGreaterThanOrEqual(expected[index]! - 20);
      expect(gap).toBeLessThan(expected[index]! + 300);
    });
    expect(feedLines(), logs.join('\n')).toHaveLength(1);
  }, 20_000);

  it('fetches a photo that failed again later, and refuses one that is not an image', async () => {
    // Retries wait at least an interval: long enough here that the second poll surely comes before, on a busy machine.
    follower = makeFollower({ intervalMs: 1000 });
    const [withPhoto] = (feed.rvms as ApiMachine[]).filter((machine) => machine.picture);
    const photoId = withPhoto!.picture!.id;
    feed.failingPhotos.add(photoId);
    const other = feed.rvms.find((machine) => machine !== withPhoto) as ApiMachine;
    other.picture = { id: 'not-an-image' };
    feed.photos.set('not-an-image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));

    await pollThenPhotos();
    const first = await listOf(server);
    expect(first.find((machine) => machine.id === withPhoto!.id)?.picture).toBeUndefined();
    expect(first.find((machine) => machine.id === other.id)?.picture).toBeUndefined();
    expect(logs.filter((line) => line.includes('photo'))).toEqual([
      `warn feed: photo ${photoId} not fetched: HTTP 500`,
      'warn feed: photo not-an-image not fetched: not a PNG, JPEG, WebP or GIF image',
    ]);

    feed.failingPhotos.clear();
    await pollThenPhotos(); // too soon: the retry waits at least an interval
    expect(feed.photoCalls.filter((id) => id === photoId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    events.length = 0;
    await pollThenPhotos();
    const after = await listOf(server);
    expect(after.find((machine) => machine.id === withPhoto!.id)?.picture).toEqual({ id: photoId });
    expect(events).toMatchObject([{ type: 'machine', machine: { id: withPhoto!.id, picture: { id: photoId } } }]);
    expect(after.find((machine) => machine.id === other.id)?.picture).toBeUndefined();
  });

  it('takes a new photo the feed names, and drops the photo of a machine it no longer gives one', async () => {
    await pollThenPhotos();
    const [a, b] = (feed.rvms as ApiMachine[]).filter((machine) => machine.picture);
    const fresh = makePng(3, 3, [10, 200, 30]);
    feed.photos.set('fresh', fresh);
    a!.picture = { id: 'fresh' };
    delete b!.picture;
    await pollThenPhotos();
    const list = await listOf(server);
    const stored = list.find((machine) => machine.id === a!.id)!.picture!.id;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    const served = await server.app.inject({ method: 'GET', url: `/api/file/${stored}` });
    expect(served.rawPayload.equals(fresh)).toBe(true);
    expect(list.find((machine) => machine.id === b!.id)!.picture).toBeUndefined();
  });
});

describe('following a second copy of this server', () => {
  const INTERVAL_MS = 400;
  let upstream: TestServer;
  let downstream: TestServer;
  let downstreamUrl: string;

  beforeAll(async () => {
    upstream = await startSeededTestServer();
    const upstreamUrl = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    downstream = await startTestServer({ upstreamUrl: `${upstreamUrl}/api/`, upstreamIntervalMs: INTERVAL_MS });
    downstreamUrl = await downstream.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await downstream.close();
    await upstream.close();
  });

  it('answers the same list, photos included, once synced; health and the page see the sync', async () => {
    const expected = await listOf(upstream);
    await expect.poll(() => listOf(downstream), { timeout: 10_000, interval: 100 }).toEqual(expected);
    const health = (await downstream.app.inject({ method: 'GET', url: '/api/health' })).json<{
      feed: { last_sync: string; age_s: number; stale: boolean };
    }>();
    expect(Date.parse(health.feed.last_sync)).toBeGreaterThan(Date.now() - 10_000);
    expect(health.feed).toMatchObject({ stale: false, failures: 0 });
    expect(health.feed.age_s).toBeLessThan(10);
    const status = (await downstream.app.inject({ method: 'POST', url: '/api/feed/' })).json<Record<string, unknown>>();
    expect(status).toMatchObject({ success: true, following: true, stale: false, synced_at: health.feed.last_sync });
  });

  it("sends an operator's change upstream to the downstream's open event stream within one interval", async () => {
    await expect.poll(() => listOf(downstream), { timeout: 10_000, interval: 100 }).toHaveLength(4);
    const stream = await fetch(`${downstreamUrl}/api/events`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended:\n${text}`);
        text += value;
      }
    };
    await until(/event: ready/);
    const changedAt = Date.now();
    const patch = await upstream.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-002',
      headers: { authorization: `Bearer ${upstream.config.adminToken}`, 'content-type': 'application/json' },
      payload: { status: 'Full', last_full: '2026-11-23T13:20:00+08:00' },
    });
    expect(patch.statusCode).toBe(200);
    await until(/event: machine\nid: .*\ndata: .*"id":"RVM-002".*"status":"Full"/);
    // The next poll comes within one interval; the rest is the time to answer and write it.
    expect(Date.now() - changedAt).toBeLessThan(INTERVAL_MS + 1000);
    await reader.cancel();
  });
});

describe('without RVM_UPSTREAM_URL', () => {
  it('follows nothing: health has no feed, the feed status says so, and there is no history', async () => {
    const server = await startSeededTestServer();
    try {
      const health = (await server.app.inject({ method: 'GET', url: '/api/health' })).json<Record<string, unknown>>();
      expect(health).toEqual({ success: true, status: 'ok', machines: 4 });
      const status = await server.app.inject({ method: 'POST', url: '/api/feed/' });
      expect(status.json()).toEqual({ success: true, following: false });
      const history = await server.app.inject({ method: 'GET', url: '/api/rvm/RVM-002/history' });
      expect(history.json()).toEqual({ success: true, id: 'RVM-002', history: [], more: false });
    } finally {
      await server.close();
    }
  });
});
