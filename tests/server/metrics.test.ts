import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_INFO } from '../../server/buildInfo';
import { feedData, startFakeFeed, type FakeFeed } from './fakeFeed';
import {
  ADMIN_TOKEN,
  auth,
  itPostgresOnly,
  itSqliteOnly,
  startSeededTestServer,
  startTestServer,
  type TestServer,
} from './helpers';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format as samples; comments (# HELP, # TYPE) left out. */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(server: TestServer): Promise<Sample[]> {
  const answer = await server.app.inject({ method: 'GET', url: '/api/metrics', headers: auth() });
  expect(answer.statusCode).toBe(200);
  return parseSamples(answer.body);
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('GET /api/metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startSeededTestServer();
  });
  afterAll(() => server.close());

  it.each([
    ['no token', {}],
    ['a wrong token', auth('wrong-token-0123456789')],
    ['the token in a Basic header', { authorization: `Basic ${ADMIN_TOKEN}` }],
  ])('answers 401 unauthorized to %s', async (_name, headers) => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/metrics', headers });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ success: false, msg: 'unauthorized' });
    expect(answer.body).not.toContain('rvm_');
  });

  it('answers 401 to everyone when the server has no operator token', async () => {
    const bare = await startTestServer({ adminToken: null });
    try {
      const answer = await bare.app.inject({ method: 'GET', url: '/api/metrics', headers: auth() });
      expect(answer.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it("answers the operator in Prometheus's text format, every metric with its help and type", async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/metrics', headers: auth() });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const [name, type] of [
      ['rvm_http_requests_total', 'counter'],
      ['rvm_http_request_duration_seconds', 'histogram'],
      ['rvm_list_builds_total', 'counter'],
      ['rvm_list_build_duration_seconds', 'histogram'],
      ['rvm_list_machines', 'gauge'],
      ['rvm_list_body_bytes', 'gauge'],
      ['rvm_event_streams_open', 'gauge'],
      ['rvm_db_info', 'gauge'],
      ['rvm_build_info', 'gauge'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      expect(answer.body).toContain(`# HELP ${name} `);
      expect(answer.body).toContain(`# TYPE ${name} ${type}\n`);
    }
    const samples = parseSamples(answer.body);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // Without a feed, no feed metrics.
    expect(samples.some((sample) => sample.name.startsWith('rvm_feed_'))).toBe(false);
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const list = { method: 'POST', route: '/api/rvm/', status_code: '200' };
    const before = await scrape(server);
    const { rvms } = (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json();
    await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    const photo = rvms.find((machine: { picture?: { id: string } }) => machine.picture).picture.id;
    await server.app.inject({ method: 'GET', url: `/api/file/${photo}` });
    await server.app.inject({ method: 'GET', url: '/api/file/nope' });
    await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const after = await scrape(server);

    const delta = (name: string, labels: Record<string, string>) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(delta('rvm_http_requests_total', list)).toBe(2);
    expect(delta('rvm_http_request_duration_seconds_count', list)).toBe(2);
    expect(valueOf(after, 'rvm_http_request_duration_seconds_bucket', { ...list, le: '+Inf' })).toBe(
      valueOf(after, 'rvm_http_request_duration_seconds_count', list),
    );
    expect(delta('rvm_http_requests_total', { method: 'GET', route: '/api/file/:id', status_code: '200' })).toBe(1);
    expect(delta('rvm_http_requests_total', { method: 'GET', route: '/api/file/:id', status_code: '404' })).toBe(1);
    expect(delta('rvm_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // The route's pattern, never the URL: no series per photo.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(photo)))).toBe(false);
    // The scrapes themselves, the refused ones included.
    expect(
      valueOf(after, 'rvm_http_requests_total', { method: 'GET', route: '/api/metrics', status_code: '200' }),
    ).toBeGreaterThan(0);
  });

  it("counts the list's builds, times them and says what the last one made", async () => {
    await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    const before = await scrape(server);
    expect(valueOf(before, 'rvm_list_builds_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(before, 'rvm_list_machines')).toBe(4);
    // A change of the machines: the next list call builds the list again, once.
    const patch = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-002',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { status: 'Full' },
    });
    expect(patch.statusCode).toBe(200);
    const list = await server.app.inject({
      method: 'POST',
      url: '/api/rvm/',
      headers: { 'accept-encoding': 'identity' },
    });
    await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    const after = await scrape(server);
    const builds = (samples: Sample[]) => valueOf(samples, 'rvm_list_builds_total', { outcome: 'ok' })!;
    expect(builds(after) - builds(before)).toBe(1);
    expect(
      valueOf(after, 'rvm_list_build_duration_seconds_count')! -
        valueOf(before, 'rvm_list_build_duration_seconds_count')!,
    ).toBe(1);
    expect(valueOf(after, 'rvm_list_build_duration_seconds_sum')).toBeGreaterThan(0);
    expect(valueOf(after, 'rvm_list_body_bytes')).toBe(list.rawPayload.byteLength);
  });

  it('shows the open event streams, which the request metrics leave out', async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async () => valueOf(await scrape(server), 'rvm_event_streams_open');
    expect(await open()).toBe(0);
    const streams = [new AbortController(), new AbortController()];
    for (const stream of streams) {
      const answer = await fetch(`${base}/api/events`, { signal: stream.signal });
      const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: ready')) text += (await reader.read()).value;
    }
    expect(await open()).toBe(2);
    for (const stream of streams) stream.abort();
    await expect.poll(open, { timeout: 5_000, interval: 50 }).toBe(0);
    const samples = await scrape(server);
    expect(samples.some((sample) => sample.labels.route === '/api/events')).toBe(false);
  });

  it('names what runs in rvm_build_info: the version, the commit, Node and the engine', async () => {
    const samples = await scrape(server);
    const info = samples.filter((sample) => sample.name === 'rvm_build_info');
    expect(info).toEqual([
      {
        name: 'rvm_build_info',
        labels: {
          version: BUILD_INFO.version,
          commit: BUILD_INFO.commit,
          node: process.version,
          engine: server.engine.kind,
        },
        value: 1,
      },
    ]);
  });

  itSqliteOnly('no pool: one connection', 'names the engine and has no pool gauges', async () => {
    const samples = await scrape(server);
    expect(valueOf(samples, 'rvm_db_info', { engine: 'sqlite' })).toBe(1);
    expect(samples.some((sample) => sample.name.startsWith('rvm_db_pool_'))).toBe(false);
  });

  itPostgresOnly('its pool', "shows the PostgreSQL pool's connections, idle ones and waiting calls", async () => {
    const samples = await scrape(server);
    expect(valueOf(samples, 'rvm_db_info', { engine: 'postgres' })).toBe(1);
    expect(valueOf(samples, 'rvm_db_pool_max_connections')).toBe(server.config.pgPoolMax);
    const total = valueOf(samples, 'rvm_db_pool_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(server.config.pgPoolMax);
    expect(valueOf(samples, 'rvm_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(valueOf(samples, 'rvm_db_pool_waiting_requests')).toBe(0);
  });
});

describe('GET /api/metrics on a server following a feed', () => {
  let feed: FakeFeed;
  let server: TestServer;

  beforeAll(async () => {
    feed = await startFakeFeed((await feedData()).rvms);
    feed.mode = 'error500';
    server = await startTestServer({ upstreamUrl: feed.url, upstreamIntervalMs: 100 });
  });
  afterAll(async () => {
    await server.close();
    await feed.close();
  });

  it("shows the feed's age and its failures, and the failures stop when it answers again", async () => {
    const failed = async () => valueOf(await scrape(server), 'rvm_feed_failed_polls_total');
    await expect.poll(failed, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    const failing = await scrape(server);
    expect(valueOf(failing, 'rvm_feed_consecutive_failures')).toBeGreaterThanOrEqual(2);
    expect(valueOf(failing, 'rvm_feed_age_seconds')).toBeGreaterThan(0);
    expect(valueOf(failing, 'rvm_feed_stale')).toBe(0);

    feed.mode = 'ok';
    const consecutive = async () => valueOf(await scrape(server), 'rvm_feed_consecutive_failures');
    await expect.poll(consecutive, { timeout: 10_000, interval: 50 }).toBe(0);
    const answered = await scrape(server);
    expect(valueOf(answered, 'rvm_feed_failed_polls_total')).toBeGreaterThanOrEqual(
      valueOf(failing, 'rvm_feed_failed_polls_total')!,
    );
    expect(valueOf(answered, 'rvm_feed_age_seconds')).toBeLessThan(5);
    expect(valueOf(answered, 'rvm_feed_held_deactivation_machines')).toBe(0);
    expect(valueOf(answered, 'rvm_feed_kept_machines')).toBe(0);
  });
});
