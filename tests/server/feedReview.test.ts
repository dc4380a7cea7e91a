// Issue 52 point 2: the console's feed review. A server following a fake feed whose first answer leaves out most
// machines: the sync is held, viewers read what it would do, only admins decide, each decision under the caller's
// own name. On SQLite and on PostgreSQL.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { seedIfFirstStart } from '../../server/importing/seed';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { tokenFingerprint } from '../../server/security/tokenFingerprint';
import { shownFeedUrl } from '../../server/feed/shownFeedUrl';
import { startFakeFeed, type FakeFeed } from './fakeFeed';
import { ADMIN_TOKEN, auth, makeTempDir, openTestEngine, type TestEngine } from './helpers';
import { waitFor } from './webhookReceiver';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

/** The fixture's machines: RVM-001 to RVM-003 active, RVM-004 not. The feed sends RVM-001 alone, full: 2 of 3 go. */
const SENT = 'RVM-001';
const LEFT_OUT = ['RVM-002', 'RVM-003'];
const ALREADY_OFF = ['RVM-004'];
const deactivatedIds = (list: ApiMachine[]): string[] =>
  list.filter((machine) => machine.deactivated).map((machine) => machine.id);

interface Review {
  following: boolean;
  feed: Record<string, unknown> | null;
  keptMachines: number;
  hold: (Record<string, unknown> & { id: number; machineList: { id: string; district: string }[] }) | null;
  recent: Record<string, unknown>[];
}

let feed: FakeFeed;
let test: TestEngine;
let app: FastifyInstance;
let dir: string;
const people = {} as Record<'viewer' | 'operator' | 'admin' | 'sheriff' | 'central', Person>;

const review = async (headers: Record<string, string>) => {
  const response = await app.inject({ method: 'GET', url: '/api/operator/feed', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Review>();
};
const decide = (how: 'confirm' | 'reject', id: number, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/operator/feed/holds/${id}/${how}`, headers });
interface AuditEntry {
  id: string;
  at: string;
  kind: string;
  actor: string;
  actorKind: string;
  address: string | null;
  machineId: string | null;
  before: unknown;
  after: Record<string, unknown> | null;
}
const audit = async (query: string, headers: Record<string, string> = people.viewer.reading) => {
  const response = await app.inject({ method: 'GET', url: `/api/operator/audit${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ entries: AuditEntry[]; next: string | null }>();
};
const holdEntries = async (query: string, headers?: Record<string, string>) =>
  (await audit(query, headers)).entries.filter((entry) => entry.kind === 'hold');
const machines = async (): Promise<ApiMachine[]> =>
  (await app.inject({ method: 'POST', url: '/api/rvm/' })).json<{ rvms: ApiMachine[] }>().rvms;

beforeAll(async () => {
  dir = makeTempDir();
  feed = await startFakeFeed([]);
  // A poll an hour: the first comes when the server is ready, and no other during the test.
  test = await openTestEngine(dir, { upstreamUrl: feed.url, upstreamIntervalMs: 3_600_000 }, 'server');
  await seedIfFirstStart(test.engine, {
    seedPath: test.config.seedPath,
    photosDir: test.config.seedPhotosDir,
    maxPhotoBytes: test.config.uploadMaxBytes,
  });
  const { picture: _picture, ...sent } = (await test.engine.getMachine(SENT))!;
  feed.rvms = [{ ...sent, status: 'Full' }];
  app = await buildApp(test.config, test.engine, { alerting: false });
  await app.ready();
  await addPerson(test.engine, 'vic', 'viewer');
  await addPerson(test.engine, 'sam', 'operator');
  await addPerson(test.engine, 'ada', 'admin');
  await addPerson(test.engine, 'shelly', 'viewer', ['SHA TIN']);
  await addPerson(test.engine, 'cen', 'viewer', ['CENTRAL & WESTERN']);
  people.viewer = await signIn(app, 'vic');
  people.operator = await signIn(app, 'sam');
  people.admin = await signIn(app, 'ada');
  people.sheriff = await signIn(app, 'shelly');
  people.central = await signIn(app, 'cen');
  await waitFor(async () => (await review(people.viewer.reading)).hold !== null, 'the first answer to be held');
}, PEOPLE_SETUP_MS);

afterAll(async () => {
  await app?.close();
  await test?.close();
  await feed?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the feed review', () => {
  it("shows a viewer the follower's state and the held sync with the machines it would deactivate", async () => {
    const answer = await review(people.viewer.reading);
    expect(answer.following).toBe(true);
    expect(answer.feed).toMatchObject({
      url: shownFeedUrl(feed.url),
      intervalMs: 3_600_000,
      failures: 0,
      lastError: null,
      stale: false,
      role: 'poller',
    });
    expect(answer.feed!.poller).toEqual(expect.any(String));
    expect(Date.parse(String(answer.feed!.syncedAt))).toBeGreaterThan(Date.now() - 60_000);
    // The next poll is the interval away.
    expect(Date.parse(String(answer.feed!.nextPollAt)) - Date.now()).toBeGreaterThan(3_500_000);
    expect(answer.hold).toMatchObject({ state: 'held', machines: 2, active: 3, remaining: 1, baseline: 3 });
    expect(answer.hold!.machineList.map((machine) => machine.id)).toEqual(LEFT_OUT);
    expect(answer.hold!.machineList[0]).toMatchObject({ name_en: expect.any(String), district: 'KOWLOON CITY' });
    expect(answer.recent[0]).toMatchObject({ id: answer.hold!.id, state: 'held' });
  });

  it('lists only the held machines of the districts a person sees', async () => {
    const answer = await review(people.sheriff.reading);
    expect(answer.hold).toMatchObject({ machines: 2 });
    expect(answer.hold!.machineList.map((machine) => machine.id)).toEqual(['RVM-003']);
  });

  it('applies the held answer’s status changes meanwhile; every machine stays active', async () => {
    const list = await machines();
    expect(list.find((machine) => machine.id === SENT)?.status).toBe('Full');
    expect(deactivatedIds(list)).toEqual(ALREADY_OFF);
  });

  it('refuses a decision from nobody, a viewer, an operator, and a session without its CSRF token', async () => {
    const { id } = (await review(people.viewer.reading)).hold!;
    expect((await decide('reject', id, SAME_SITE)).statusCode).toBe(401);
    for (const person of [people.viewer, people.operator]) {
      const refused = await decide('reject', id, person.changing);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ msg: 'forbidden' });
    }
    const noToken = await decide('reject', id, people.admin.reading);
    expect(noToken.json()).toMatchObject({ msg: 'csrfRejected' });
    expect((await review(people.viewer.reading)).hold).toMatchObject({ id, state: 'held' });
  });

  it('rejects as the admin who asked: the machines stay active, the hold names them; twice is a 409', async () => {
    const { id } = (await review(people.viewer.reading)).hold!;
    const rejected = await decide('reject', id, people.admin.changing);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ hold: { id, state: 'rejected', decidedBy: 'ada', rejectedBy: 'ada' } });
    expect(deactivatedIds(await machines())).toEqual(ALREADY_OFF);

    const after = await review(people.viewer.reading);
    expect(after.hold).toBeNull();
    expect(after.keptMachines).toBe(2);
    expect(after.recent[0]).toMatchObject({ id, state: 'rejected', rejectedBy: 'ada', kept: 2 });

    const again = await decide('reject', id, people.admin.changing);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'holdDecided', hold: { state: 'rejected' } });
    expect((await decide('confirm', id + 1000, people.admin.changing)).statusCode).toBe(404);
  });

  it('confirms, with the operator token, the machines the rejection keeps: audited under the token', async () => {
    const { id } = (await review(people.viewer.reading)).recent[0] as { id: number };
    const confirmed = await decide('confirm', id, { ...auth(), ...SAME_SITE });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const token = tokenFingerprint(ADMIN_TOKEN);
    expect(confirmed.json()).toMatchObject({ hold: { state: 'confirmed', decidedBy: token, rejectedBy: 'ada' } });
    expect(deactivatedIds(await machines())).toEqual([...LEFT_OUT, ...ALREADY_OFF]);

    const audit = await app.inject({ method: 'GET', url: '/api/operator/audit?limit=10', headers: auth() });
    const entries = audit
      .json<{ entries: { actor: string; actorKind: string; kind: string; machineId: string }[] }>()
      .entries.filter((entry) => entry.kind === 'update');
    expect(
      entries
        .filter((entry) => entry.actorKind === 'token')
        .map((entry) => entry.machineId)
        .sort(),
    ).toEqual(LEFT_OUT);
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set([token]));
  });

  it('audits the rejection and the confirmation once each, under the caller, from their address', async () => {
    const { id } = (await review(people.viewer.reading)).recent[0] as { id: number };
    const token = tokenFingerprint(ADMIN_TOKEN);
    const decision = (actor: string, actorKind: string, verdict: string) => ({
      id: expect.stringMatching(/^hold-\d+$/),
      at: expect.any(String),
      kind: 'hold',
      actor,
      actorKind,
      address: '127.0.0.1',
      machineId: null,
      before: null,
      after: { hold: id, decision: verdict, machines: 2 },
    });
    const [confirmation, rejection] = await holdEntries('');
    expect(await holdEntries('')).toEqual([
      decision(token, 'token', 'confirmed'),
      decision('ada', 'person', 'rejected'),
    ]);
    expect((await audit('?person=ada')).entries).toEqual([rejection]);
    expect(await holdEntries(`?person=${token}`)).toEqual([confirmation]);

    const csv = await app.inject({ method: 'GET', url: '/api/operator/audit.csv', headers: people.viewer.reading });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter((line) => line.startsWith('hold-'));
    expect(lines).toEqual([
      `${confirmation!.id},${confirmation!.at},${token},token,127.0.0.1,,hold,,` +
        `"{""hold"":${id},""decision"":""confirmed"",""machines"":2}"`,
      `${rejection!.id},${rejection!.at},ada,person,127.0.0.1,,hold,,` +
        `"{""hold"":${id},""decision"":""rejected"",""machines"":2}"`,
    ]);
    const adaCsv = await app.inject({ method: 'GET', url: '/api/operator/audit.csv?person=ada', headers: auth() });
    expect(adaCsv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('pages across updates and decisions made in the same millisecond: every entry once, in order', async () => {
    const whole = (await audit('?limit=1000')).entries;
    expect(new Set(whole.map((entry) => entry.kind))).toEqual(new Set(['update', 'hold']));
    for (const limit of [1, 2, 3]) {
      const walked: AuditEntry[] = [];
      for (let before: string | null = '', pages = 0; before !== null && pages < 50; pages += 1) {
        const page = await audit(`?limit=${limit}${before ? `&before=${before}` : ''}`);
        walked.push(...page.entries);
        before = page.next;
      }
      expect(walked.map((entry) => entry.id)).toEqual(whole.map((entry) => entry.id));
    }
    // The token's updates and its confirmation share their time: updates sort first, as AUDIT_ORDER says.
    const byToken = whole.filter((entry) => entry.actorKind === 'token').map((entry) => entry.kind);
    expect(byToken).toEqual(['update', 'update', 'hold']);
  });

  it('shows a person limited to districts the decisions that concern a machine of theirs, and none other', async () => {
    expect((await holdEntries('', people.sheriff.reading)).map((entry) => entry.after!.decision)).toEqual([
      'confirmed',
      'rejected',
    ]);
    expect(await holdEntries('?machine=RVM-003', people.sheriff.reading)).toHaveLength(2);
    expect(await holdEntries('', people.central.reading)).toEqual([]);
    expect(await holdEntries('?machine=RVM-001')).toEqual([]);
    expect(await holdEntries('?machine=RVM-002')).toHaveLength(2);
  });
});
