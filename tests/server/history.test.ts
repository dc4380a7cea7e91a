import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { FeedMachine } from '../../server/db/feedStore';
import { importMachinesFile } from '../../server/importing/importRows';
import { HISTORY_PAGE_ENTRIES } from '../../server/routes/history';
import { validateMachineRow, type MachineRow } from '../../server/machines/validate';
import { auth, FIXTURES, makeTempDir, openTestEngine, startSeededTestServer, type TestServer } from './helpers';
import fixtures from './fixtures/machines.json';

const row = (status: string, extra: Partial<MachineRow> = {}): FeedMachine => {
  const result = validateMachineRow({ ...fixtures[0], photo: null, status, ...extra }, 1);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { row: result.row, photo: { kind: 'none' } };
};
const ID = fixtures[0]!.id;

describe('GET /api/rvm/:id/history', () => {
  let server: TestServer;
  const ids = fixtures.map((machine) => machine.id);

  beforeAll(async () => {
    server = await startSeededTestServer();
    await server.engine.feed.applySnapshot([row('Full')], ids, { at: new Date('2026-11-23T05:00:00Z') });
    await server.engine.feed.applySnapshot([row('Full', { last_online: '2026-11-23T05:01:00Z' })], ids, {
      at: new Date('2026-11-23T05:01:00Z'),
    });
    await server.engine.feed.applySnapshot([row('>40%')], ids, { at: new Date('2026-11-23T06:00:00Z') });
  });

  afterAll(async () => {
    await server.close();
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('answers the states the syncs made, oldest first; a new report time alone is no new state', async () => {
    const answer = await get(`/api/rvm/${ID}/history`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ history: { at: string; status: string }[]; more: boolean }>();
    expect(body.history.map((entry) => [entry.at, entry.status])).toEqual([
      ['2026-11-23T05:00:00.000Z', 'Full'],
      ['2026-11-23T06:00:00.000Z', '>40%'],
    ]);
    expect(body.more).toBe(false);
    expect(body.history[0]).toEqual({
      at: '2026-11-23T05:00:00.000Z',
      status: 'Full',
      under_maintenance: false,
      service_status: 0,
      deactivated: false,
      bin_count: fixtures[0]!.bin_count ?? null,
      bin_count_full_threshold: fixtures[0]!.bin_count_full_threshold ?? null,
      last_online: null,
      last_emptied_at: null,
      last_full: null,
    });
  });

  it('answers only what came after `since` (ISO 8601, no offset = Hong Kong time)', async () => {
    const utc = await get(`/api/rvm/${ID}/history?since=2026-11-23T05:30:00Z`);
    expect(utc.json<{ history: { status: string }[] }>().history.map((entry) => entry.status)).toEqual(['>40%']);
    const local = await get(`/api/rvm/${ID}/history?since=2026-11-23T13:00:00`);
    expect(local.json<{ history: unknown[] }>().history).toHaveLength(1);
  });

  it.each([
    ['a bad time', `/api/rvm/${ID}/history?since=yesterday`, 400, 'badRequest'],
    ['an empty time', `/api/rvm/${ID}/history?since=`, 400, 'badRequest'],
    ['two times', `/api/rvm/${ID}/history?since=2026-11-23T05:00:00Z&since=2026-11-23T06:00:00Z`, 400, 'badRequest'],
    ['another parameter', `/api/rvm/${ID}/history?limit=5`, 400, 'badRequest'],
    ['a bad id', '/api/rvm/RVM%20002/history', 400, 'badRequest'],
    ['an unknown machine', '/api/rvm/RVM-999/history', 404, 'notFound'],
  ])('answers %s with %i { success: false, msg }', async (_name, url, status, msg) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ success: false, msg });
  });

  it('refuses other methods with 405', async () => {
    const answer = await server.app.inject({ method: 'POST', url: `/api/rvm/${ID}/history` });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it(`answers at most ${HISTORY_PAGE_ENTRIES} entries, saying there are more`, async () => {
    const start = Date.parse('2026-12-01T00:00:00Z');
    for (let i = 0; i <= HISTORY_PAGE_ENTRIES; i++) {
      await server.engine.feed.applySnapshot([row(i % 2 ? 'Full' : '<=5%')], ids, {
        at: new Date(start + i * 60_000),
      });
    }
    const body = (await get(`/api/rvm/${ID}/history?since=2026-11-30T00:00:00Z`)).json<{
      history: { at: string }[];
      more: boolean;
    }>();
    expect(body.history).toHaveLength(HISTORY_PAGE_ENTRIES);
    expect(body.more).toBe(true);
    const rest = (await get(`/api/rvm/${ID}/history?since=${body.history.at(-1)!.at}`)).json<{
      history: unknown[];
      more: boolean;
    }>();
    expect(rest).toMatchObject({ history: [expect.anything()], more: false });
  });

  it('forgets entries older than the retention', async () => {
    const deleted = await server.engine.feed.pruneHistory(1, new Date('2026-11-24T05:30:00Z'));
    expect(deleted).toBe(1);
  });
});

describe("an operator's update in the history", () => {
  let server: TestServer;
  const OTHER = fixtures[1]!.id;

  beforeAll(async () => {
    server = await startSeededTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  const patch = (body: object) =>
    server.app.inject({
      method: 'PATCH',
      url: `/api/operator/machines/${OTHER}`,
      headers: { 'content-type': 'application/json', ...auth() },
      payload: JSON.stringify(body),
    });
  const history = async () =>
    (await server.app.inject({ method: 'GET', url: `/api/rvm/${OTHER}/history` })).json<{
      history: { at: string; status: string; under_maintenance: boolean; last_online: string | null }[];
    }>().history;

  it('is an entry when it changes the state, at the time it was made, with the state after it', async () => {
    const before = Date.now();
    expect((await patch({ status: 'Full' })).statusCode).toBe(200);
    const entries = await history();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'Full', under_maintenance: false });
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(entries[0]!.at)).toBeLessThanOrEqual(Date.now() + 1000);

    expect((await patch({ under_maintenance: true })).statusCode).toBe(200);
    expect((await history()).map((entry) => [entry.status, entry.under_maintenance])).toEqual([
      ['Full', false],
      ['Full', true],
    ]);
  });

  it('is no entry when it repeats the state or brings only a new report time', async () => {
    const count = (await history()).length;
    expect((await patch({ status: 'Full', under_maintenance: true })).statusCode).toBe(200);
    expect((await patch({ last_online: '2026-11-23T05:01:00Z' })).statusCode).toBe(200);
    expect(await history()).toHaveLength(count);
  });
});

describe("an import's history", () => {
  it("records each machine a CSV import adds or changes the state of, at the import's time; an unchanged row none", async () => {
    const dir = makeTempDir();
    const { engine, sql, close } = await openTestEngine(dir);
    const csv = fs.readFileSync(path.join(FIXTURES, 'good.csv'), 'utf8');
    const load = async (text: string): Promise<string> => {
      fs.writeFileSync(path.join(dir, 'machines.csv'), text);
      expect(await importMachinesFile(path.join(dir, 'machines.csv'), engine, 1024 * 1024)).toMatchObject({ ok: true });
      return sql.value<string>('SELECT at FROM machine_import_audit ORDER BY id DESC LIMIT 1');
    };
    const states = async (id: string) =>
      (await engine.feed.history(id, null, 10))!.entries.map((entry) => [entry.at, entry.status, entry.deactivated]);
    try {
      fs.copyFileSync(path.join(FIXTURES, 'photos', 'rvm-001.png'), path.join(dir, 'rvm-001.png'));
      const first = await load(csv);
      expect(await states('RVM-101')).toEqual([[first, '>40%', false]]);
      expect(await states('RVM-103')).toEqual([[first, 'Full', false]]);

      await load(csv);
      expect(await states('RVM-102')).toEqual([[first, '<=40%', false]]);

      const third = await load(csv.replace('YAU TSIM MONG,<=40%', 'YAU TSIM MONG,Full'));
      expect(await states('RVM-102')).toEqual([
        [first, '<=40%', false],
        [third, 'Full', false],
      ]);
      expect(await states('RVM-101')).toHaveLength(1);
      expect(await sql.value('SELECT count(*) FROM machine_history')).toBe(4);
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('history retention', () => {
  it('prunes on a server that follows no feed as well, once it is ready', async () => {
    const dir = makeTempDir();
    const { engine, config, sql, close } = await openTestEngine(dir, {}, 'server');
    try {
      const ids = fixtures.map((machine) => machine.id);
      await engine.feed.applySnapshot([row('Full')], ids, { at: new Date('2020-01-01T00:00:00Z') });
      const entries = async () =>
        Number((await sql.get<{ n: number }>('SELECT count(*) AS n FROM machine_history'))!.n);
      expect(await entries()).toBe(1);
      const app = await buildApp({ ...config, upstreamUrl: null }, engine);
      await app.ready();
      await expect.poll(entries, { timeout: 5000 }).toBe(0);
      await app.close();
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
