import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMachine } from '../../server/db/feedStore';
import { validateMachineRow, type MachineRow } from '../../server/machines/validate';
import type { MonthFiguresWire, ServiceEpisode } from '../../shared/contract/service';
import { episodesOf } from '../../shared/service/episodes';
import { monthFigures } from '../../shared/service/monthFigures';
import { auth, startSeededTestServer, type TestServer } from './helpers';
import { addAccount } from '../../server/auth/manageAccounts';
import { PASSWORD, PEOPLE_SETUP_MS, signIn, type Person } from './people';
import fixtures from './fixtures/machines.json';

/**
 * The service levels' routes on a crafted history (docs/operators-service.md), on the engine the project runs:
 * RVM-002 (KOWLOON CITY) full twice in November, once emptied in 2 hours and once in 6; RVM-003 (SHA TIN) full
 * for 3 hours now; RVM-001 (CENTRAL & WESTERN) nearly full for 5 hours now. The clock stands at NOW.
 */
const NOW = new Date('2026-11-10T03:00:00.000Z');
const ids = fixtures.map((machine) => machine.id);

function feedRow(id: string, status: string, extra: Partial<MachineRow> = {}): FeedMachine {
  const fixture = fixtures.find((machine) => machine.id === id)!;
  const result = validateMachineRow(
    { ...fixture, photo: null, status, under_maintenance: false, service_status: 0, ...extra },
    1,
  );
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { row: result.row, photo: { kind: 'none' } };
}

let server: TestServer;
let operator: Person;
let admin: Person;

beforeAll(async () => {
  server = await startSeededTestServer({}, { clock: () => NOW, alerting: false });
  const sync = (at: string, ...rows: FeedMachine[]) =>
    server.engine.feed.applySnapshot(rows, ids, { at: new Date(at) });
  // August, for the figures' equality with monthFigures: times to the millisecond, a full episode at the month's
  // last Hong Kong instant, one emptied as its controller dated, one deactivated and one taken into maintenance.
  const august: [string, string, string, Partial<MachineRow>?][] = [
    ['2026-08-01T00:00:00.123Z', 'RVM-001', '>40%'],
    ['2026-08-01T00:00:00.123Z', 'RVM-002', '>40%'],
    ['2026-08-03T10:17:31.457Z', 'RVM-001', 'Full'],
    ['2026-08-03T12:02:09.901Z', 'RVM-001', '<=20%'],
    ['2026-08-05T01:00:00.333Z', 'RVM-002', 'Full'],
    ['2026-08-05T09:00:00.667Z', 'RVM-002', 'Full', { deactivated: true }],
    ['2026-08-06T00:00:00.000Z', 'RVM-002', '>40%'],
    ['2026-08-10T16:30:00.001Z', 'RVM-001', 'Full'],
    ['2026-08-10T22:45:59.999Z', 'RVM-001', '>40%'],
    ['2026-08-15T02:00:00.010Z', 'RVM-002', 'Full'],
    ['2026-08-15T02:59:00.020Z', 'RVM-002', '>40%', { last_emptied_at: '2026-08-15T02:30:00.015Z' }],
    ['2026-08-20T05:00:00.500Z', 'RVM-001', 'Full'],
    ['2026-08-20T08:00:00.250Z', 'RVM-001', 'Full', { under_maintenance: true }],
    ['2026-08-20T09:00:00.000Z', 'RVM-001', '>40%'],
    ['2026-08-31T15:59:59.999Z', 'RVM-001', 'Full'],
    ['2026-08-31T16:00:00.000Z', 'RVM-002', 'Full'],
    ['2026-09-01T01:00:00.000Z', 'RVM-002', '>40%', { last_emptied_at: null }],
    ['2026-09-01T03:20:00.007Z', 'RVM-001', '<=40%'],
  ];
  for (const [at, id, status, extra] of august) await sync(at, feedRow(id, status, extra));
  await sync(
    '2026-11-01T00:00:00Z',
    feedRow('RVM-001', '>40%'),
    feedRow('RVM-002', '>40%'),
    feedRow('RVM-003', '>40%'),
  );
  await sync('2026-11-02T01:00:00Z', feedRow('RVM-002', 'Full'));
  await sync('2026-11-02T03:00:00Z', feedRow('RVM-002', '>40%'));
  await sync('2026-11-05T00:00:00Z', feedRow('RVM-002', 'Full'));
  await sync('2026-11-05T06:00:00Z', feedRow('RVM-002', '<=40%'));
  await sync('2026-11-09T22:00:00Z', feedRow('RVM-001', '<=5%'));
  await sync('2026-11-10T00:00:00Z', feedRow('RVM-003', 'Full'));
  // RVM-004 (YUEN LONG) across the Hong Kong month boundary: full, taken into maintenance still full, back full,
  // emptied during a feed gap (its controller dates the emptying), full again and deactivated while full. One entry
  // comes after a later one (an import with a chosen time): its episodes are made again from the history.
  const yuenLong = (status: string, extra: Partial<MachineRow> = {}) =>
    feedRow('RVM-004', status, { deactivated: false, last_emptied_at: null, ...extra });
  await sync('2026-09-30T15:00:00Z', yuenLong('>40%'));
  await sync('2026-09-30T15:30:00Z', yuenLong('Full'));
  await sync('2026-09-30T17:00:00Z', yuenLong('Full', { under_maintenance: true }));
  await sync('2026-09-30T18:00:00Z', yuenLong('Full'));
  await sync('2026-10-02T00:00:00Z', yuenLong('<=20%', { last_emptied_at: '2026-10-01T01:00:00.000Z' }));
  await sync('2026-10-01T12:00:00Z', yuenLong('<=5%', { last_emptied_at: '2026-10-01T01:00:00.000Z' }));
  await sync('2026-10-03T00:00:00Z', yuenLong('Full', { last_emptied_at: '2026-10-01T01:00:00.000Z' }));
  await sync(
    '2026-10-03T01:00:00Z',
    yuenLong('Full', { deactivated: true, last_emptied_at: '2026-10-01T01:00:00.000Z' }),
  );
  // Made by the test's clock: a password changed after the session began would end it.
  await addAccount(
    server.engine.accounts,
    { name: 'sam', password: PASSWORD, role: 'operator', districts: ['SHA TIN'], mustChangePassword: false },
    NOW,
  );
  await addAccount(
    server.engine.accounts,
    { name: 'ada', password: PASSWORD, role: 'admin', districts: [], mustChangePassword: false },
    NOW,
  );
  operator = await signIn(server.app, 'sam');
  admin = await signIn(server.app, 'ada');
}, PEOPLE_SETUP_MS);
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = auth()) =>
  server.app.inject({ method: 'GET', url, headers });

describe('GET /api/operator/service/open', () => {
  it('answers the open episodes, the nearest the promise’s limit first', async () => {
    const answer = await get('/api/operator/service/open');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{ promiseMinutes: number; at: string; episodes: ServiceEpisode[] }>();
    expect(body.promiseMinutes).toBe(240);
    expect(body.at).toBe(NOW.toISOString());
    expect(body.episodes.map((episode) => [episode.machineId, episode.kind, episode.minutesLeft])).toEqual([
      ['RVM-001', 'nearlyFull', -60],
      ['RVM-003', 'full', 60],
      ['RVM-003', 'nearlyFull', 60],
    ]);
    expect(body.episodes[0]).toMatchObject({ district: 'CENTRAL & WESTERN', to: null, end: 'open', verdict: 'broken' });
  });

  it('answers a person limited to districts those only, and refuses another district', async () => {
    const own = await get('/api/operator/service/open', operator.reading);
    expect(own.json<{ episodes: ServiceEpisode[] }>().episodes.map((episode) => episode.machineId)).toEqual([
      'RVM-003',
      'RVM-003',
    ]);
    const other = await get('/api/operator/service/open?district=KOWLOON%20CITY', operator.reading);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ msg: 'forbidden' });
  });
});

describe('GET /api/operator/service/month', () => {
  it('answers a district’s figures for a Hong Kong month', async () => {
    const answer = await get('/api/operator/service/month?month=2026-11&district=KOWLOON%20CITY');
    expect(answer.statusCode, answer.body).toBe(200);
    const { figures } = answer.json<{ figures: MonthFiguresWire }>();
    expect(figures).toMatchObject({
      month: '2026-11',
      promiseMinutes: 240,
      episodes: 2,
      nearlyFullEpisodes: 2,
      kept: 1,
      broken: 1,
      keptShare: 0.5,
      medianMinutesToEmpty: 120,
      p95MinutesToEmpty: 360,
      hoursFull: 8,
      worstMachines: [{ machineId: 'RVM-002', broken: 1, lateMinutes: 120 }],
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days[1]).toEqual({ day: '2026-11-02', episodes: 1, kept: 1, broken: 0, keptShare: 1 });
    expect(figures.days[4]).toEqual({ day: '2026-11-05', episodes: 1, kept: 0, broken: 1, keptShare: 0 });
  });

  it('counts an episode in the month it started in, Hong Kong time', async () => {
    const episodes = async (month: string) =>
      (await get(`/api/operator/service/episodes?month=${month}&district=YUEN%20LONG`))
        .json<{ episodes: ServiceEpisode[] }>()
        .episodes.map((e) => [e.kind, e.from, e.to, e.end]);
    expect(await episodes('2026-09')).toEqual([
      ['full', '2026-09-30T15:30:00.000Z', '2026-09-30T17:00:00.000Z', 'takenOutOfService'],
      ['nearlyFull', '2026-09-30T15:30:00.000Z', '2026-09-30T17:00:00.000Z', 'takenOutOfService'],
    ]);
    expect(await episodes('2026-10')).toEqual([
      ['maintenance', '2026-09-30T17:00:00.000Z', '2026-09-30T18:00:00.000Z', 'backToService'],
      ['full', '2026-09-30T18:00:00.000Z', '2026-10-01T01:00:00.000Z', 'emptied'],
      ['nearlyFull', '2026-09-30T18:00:00.000Z', '2026-10-01T01:00:00.000Z', 'emptied'],
      ['nearlyFull', '2026-10-01T12:00:00.000Z', '2026-10-02T00:00:00.000Z', 'emptied'],
      ['full', '2026-10-03T00:00:00.000Z', '2026-10-03T01:00:00.000Z', 'deactivated'],
      ['nearlyFull', '2026-10-03T00:00:00.000Z', '2026-10-03T01:00:00.000Z', 'deactivated'],
    ]);
    const october = await get('/api/operator/service/month?month=2026-10&district=YUEN%20LONG');
    expect(october.json<{ figures: MonthFiguresWire }>().figures).toMatchObject({ episodes: 2, kept: 0, broken: 1 });
  });

  it('reads the episodes kept as the history was written, equal to those made from the whole history', async () => {
    const stored = await server.engine.service.episodesStarted(
      '2000-01-01T00:00:00.000Z',
      '2100-01-01T00:00:00.000Z',
      [],
    );
    for (const id of ids) {
      const history = await server.engine.feed.history(id, null, 10_000);
      expect(
        stored.filter(({ episode }) => episode.machineId === id).map(({ episode }) => episode),
        id,
      ).toEqual(episodesOf(id, history!.entries));
    }
    expect(stored.length).toBeGreaterThan(10);
  });

  it('aggregates in the database the figures monthFigures makes of the month’s episodes', async () => {
    for (const month of ['2026-08', '2026-09', '2026-10', '2026-11']) {
      for (const district of ['', '&district=CENTRAL%20%26%20WESTERN', '&district=KOWLOON%20CITY']) {
        const query = `month=${month}${district}`;
        const { episodes } = (await get(`/api/operator/service/episodes?${query}`)).json<{
          episodes: ServiceEpisode[];
        }>();
        const answer = await get(`/api/operator/service/month?${query}`);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<{ figures: MonthFiguresWire }>().figures, query).toEqual(
          monthFigures(episodes, month, 240, NOW.getTime()),
        );
      }
    }
    const august = (await get('/api/operator/service/month?month=2026-08')).json<{ figures: MonthFiguresWire }>();
    expect(august.figures).toMatchObject({ episodes: 6, kept: 2, broken: 3, nearlyFullEpisodes: 6 });
  });

  it.each([
    ['no month', '/api/operator/service/month'],
    ['a bad month', '/api/operator/service/month?month=2026-13'],
    ['an unknown district', '/api/operator/service/month?month=2026-11&district=ATLANTIS'],
    ['another parameter', '/api/operator/service/month?month=2026-11&limit=3'],
  ])('answers %s with 400', async (_name, url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(400);
  });
});

describe('GET /api/operator/service/episodes and episodes.csv', () => {
  it('answers the month’s episodes, oldest first', async () => {
    const answer = await get('/api/operator/service/episodes?month=2026-11');
    const { episodes } = answer.json<{ episodes: ServiceEpisode[] }>();
    expect(
      episodes.filter((episode) => episode.kind === 'full').map((e) => [e.machineId, e.from, e.to, e.end]),
    ).toEqual([
      ['RVM-002', '2026-11-02T01:00:00.000Z', '2026-11-02T03:00:00.000Z', 'emptied'],
      ['RVM-002', '2026-11-05T00:00:00.000Z', '2026-11-05T06:00:00.000Z', 'emptied'],
      ['RVM-003', '2026-11-10T00:00:00.000Z', null, 'open'],
    ]);
  });

  it('downloads them as CSV, one row per episode', async () => {
    const answer = await get('/api/operator/service/episodes.csv?month=2026-11&district=KOWLOON%20CITY');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="rvm-service-2026-11-KOWLOON-CITY.csv"');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('machineId,district,kind,from,to,end,minutes,verdict');
    expect(lines).toContain(
      'RVM-002,KOWLOON CITY,full,2026-11-05T00:00:00.000Z,2026-11-05T06:00:00.000Z,emptied,360,broken',
    );
    expect(lines).toHaveLength(1 + 4);
  });
});

describe('the promise', () => {
  it('is 240 minutes until an admin changes it; the change is audited', async () => {
    expect((await get('/api/operator/service/promise', operator.reading)).json()).toEqual({
      success: true,
      minutes: 240,
    });
    const patch = (person: Person, minutes: unknown) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/operator/service/promise',
        headers: { ...person.changing, 'content-type': 'application/json' },
        payload: JSON.stringify({ minutes }),
      });
    expect((await patch(operator, 180)).statusCode).toBe(403);
    expect((await patch(admin, 5)).statusCode).toBe(400);
    expect((await patch(admin, 'soon')).statusCode).toBe(400);
    const changed = await patch(admin, 180);
    expect(changed.json()).toEqual({ success: true, minutes: 180 });
    const [change] = await server.engine.accessAudit.latest(1);
    expect(change).toMatchObject({
      actor: 'ada',
      action: 'servicePromiseChanged',
      subject: '180',
      detail: { minutes: { from: 240, to: 180 } },
    });
    const month = await get('/api/operator/service/month?month=2026-11&district=KOWLOON%20CITY');
    expect(month.json<{ figures: MonthFiguresWire }>().figures).toMatchObject({ promiseMinutes: 180, kept: 1 });
  });
});
