import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMachinesFile } from '../../server/importing/importRows';
import { tokenFingerprint } from '../../server/security/tokenFingerprint';
import { ADMIN_TOKEN, auth, FIXTURES, makePng, multipart, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

// The fixture machines: RVM-001 CENTRAL & WESTERN, RVM-002 KOWLOON CITY, RVM-003 SHA TIN, RVM-004 YUEN LONG
// (deactivated).
let server: TestServer;
let admin: Person;
let operator: Person;
let shaTinOperator: Person;
let viewer: Person;
let shaTinViewer: Person;
let newcomer: Person;

beforeAll(async () => {
  server = await startSeededTestServer();
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'oli', 'operator');
  await addPerson(server.engine, 'sam', 'operator', ['SHA TIN']);
  await addPerson(server.engine, 'vic', 'viewer');
  await addPerson(server.engine, 'val', 'viewer', ['SHA TIN']);
  await addPerson(server.engine, 'new', 'operator', [], true);
  [admin, operator, shaTinOperator, viewer, shaTinViewer, newcomer] = (await Promise.all(
    ['ada', 'oli', 'sam', 'vic', 'val', 'new'].map((name) => signIn(server.app, name)),
  )) as [Person, Person, Person, Person, Person, Person];
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const patch = (id: string, body: unknown, headers: Record<string, string>) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/operator/machines/${id}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
const statusOf = async (id: string) => server.sql.value<string>('SELECT status FROM machines WHERE id = ?', id);
const lastAudit = (id: string) =>
  server.sql.get<{ actor: string; actor_kind: string; address: string | null; after: string }>(
    'SELECT actor, actor_kind, address, after FROM machine_status_audit WHERE machine_id = ? ORDER BY id DESC LIMIT 1',
    id,
  );
const get = (url: string, headers: Record<string, string>) => server.app.inject({ method: 'GET', url, headers });
const answer = (response: { statusCode: number; json(): unknown }) => [response.statusCode, response.json()];

describe("a machine's state, changed by a person", () => {
  it('is changed by an operator, and the audit names the person and the client address', async () => {
    const response = await patch('RVM-001', { under_maintenance: true }, operator.changing);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await lastAudit('RVM-001')).toMatchObject({ actor: 'oli', actor_kind: 'person', address: '127.0.0.1' });
  });

  it('is changed by an operator within their districts, and by an admin anywhere', async () => {
    expect((await patch('RVM-003', { status: 'Full' }, shaTinOperator.changing)).statusCode).toBe(200);
    expect(await statusOf('RVM-003')).toBe('Full');
    expect((await patch('RVM-002', { status: 'Full' }, admin.changing)).statusCode).toBe(200);
    expect(await lastAudit('RVM-002')).toMatchObject({ actor: 'ada', actor_kind: 'person' });
  });

  it('is refused to an operator outside their districts: 403, unchanged, not audited', async () => {
    const before = await statusOf('RVM-001');
    const response = await patch('RVM-001', { status: '<=5%' }, shaTinOperator.changing);
    expect(answer(response)).toEqual([403, { success: false, msg: 'forbidden' }]);
    expect(await statusOf('RVM-001')).toBe(before);
    expect((await lastAudit('RVM-001'))?.actor).toBe('oli');
  });

  it('is refused to a viewer, whatever the district, before the body is read', async () => {
    expect(answer(await patch('RVM-003', { status: '>40%' }, viewer.changing))).toEqual([
      403,
      { success: false, msg: 'forbidden' },
    ]);
    expect((await patch('RVM-003', { status: '>40%' }, shaTinViewer.changing)).statusCode).toBe(403);
    expect((await patch('RVM-003', 'not json at all', viewer.changing)).statusCode).toBe(403);
    expect(await statusOf('RVM-003')).toBe('Full');
  });

  it.each([
    ['without its CSRF token', (p: Person) => ({ cookie: p.cookie, ...SAME_SITE })],
    ['from another site', (p: Person) => ({ ...p.changing, 'sec-fetch-site': 'cross-site' })],
  ])('is refused to a session %s: 403 csrfRejected, unchanged', async (_name, headers) => {
    const response = await patch('RVM-003', { status: '>40%' }, headers(operator));
    expect(answer(response)).toEqual([403, { success: false, msg: 'csrfRejected' }]);
    expect(await statusOf('RVM-003')).toBe('Full');
  });

  it('is refused to a person who must change the password given first', async () => {
    expect(answer(await patch('RVM-003', { status: '>40%' }, newcomer.changing))).toEqual([
      403,
      { success: false, msg: 'passwordChangeRequired' },
    ]);
  });

  it('is 401 without a session, and 404 for no such machine to one who could change it', async () => {
    expect((await patch('RVM-003', { status: '>40%' }, SAME_SITE)).statusCode).toBe(401);
    expect((await patch('RVM-404', { status: '>40%' }, operator.changing)).statusCode).toBe(404);
  });

  it('is changed with the operator token, as before, audited as the token', async () => {
    expect((await patch('RVM-003', { status: '>40%' }, auth())).statusCode).toBe(200);
    expect(await lastAudit('RVM-003')).toMatchObject({
      actor: tokenFingerprint(ADMIN_TOKEN),
      actor_kind: 'token',
      address: '127.0.0.1',
    });
  });
});

describe('photos and metrics', () => {
  const upload = async (headers: Record<string, string>) => {
    const form = await multipart({
      file: { data: makePng(4, 4, [200, 10, 10]), filename: 'new.png', type: 'image/png' },
    });
    return server.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...form.headers, ...headers },
      payload: form.payload,
    });
  };

  it('are stored by an operator, of any district; refused to a viewer, to nobody, and without the CSRF token', async () => {
    const stored = await upload(shaTinOperator.changing);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(answer(await upload(viewer.changing))).toEqual([403, { success: false, msg: 'forbidden' }]);
    expect((await upload(SAME_SITE)).statusCode).toBe(401);
    expect((await upload({ cookie: operator.cookie, ...SAME_SITE })).json().msg).toBe('csrfRejected');
  });

  it('metrics are an admin’s: the token or an admin signed in; an operator is refused', async () => {
    expect((await get('/api/metrics', admin.reading)).statusCode).toBe(200);
    expect((await get('/api/metrics', auth())).statusCode).toBe(200);
    expect(answer(await get('/api/metrics', operator.reading))).toEqual([403, { success: false, msg: 'forbidden' }]);
    expect((await get('/api/metrics', SAME_SITE)).statusCode).toBe(401);
  });
});

describe('the console’s machines', () => {
  const ids = async (headers: Record<string, string>) =>
    ((await get('/api/operator/machines', headers)).json().rvms as { id: string }[]).map((m) => m.id);

  it('are every machine, deactivated ones included, for a viewer of every district: the public list’s own bytes', async () => {
    const response = await get('/api/operator/machines', viewer.reading);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await ids(viewer.reading)).toEqual(['RVM-001', 'RVM-002', 'RVM-003', 'RVM-004']);
    const list = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    expect(response.body).toBe(list.body);
  });

  it('are only the machines of the districts of a limited person, compressed when asked', async () => {
    expect(await ids(shaTinViewer.reading)).toEqual(['RVM-003']);
    const compressed = await get('/api/operator/machines', { ...shaTinOperator.reading, 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(await ids(auth())).toHaveLength(4);
  });

  it('one by one: the machine within the districts, 403 outside them, 404 for none at all', async () => {
    const one = await get('/api/operator/machines/RVM-003', shaTinViewer.reading);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ success: true, rvm: { id: 'RVM-003', district: 'SHA TIN' } });
    expect(answer(await get('/api/operator/machines/RVM-001', shaTinViewer.reading))).toEqual([
      403,
      { success: false, msg: 'forbidden' },
    ]);
    expect((await get('/api/operator/machines/RVM-404', shaTinViewer.reading)).statusCode).toBe(404);
    expect((await get('/api/operator/machines/RVM-001', viewer.reading)).statusCode).toBe(200);
  });

  it('are 401 to nobody', async () => {
    expect(answer(await get('/api/operator/machines', SAME_SITE))).toEqual([
      401,
      { success: false, msg: 'unauthorized' },
    ]);
  });
});

describe('the audit', () => {
  type Entry = {
    id: string;
    actor: string;
    actorKind: string;
    address: string | null;
    machineId: string | null;
    kind: string;
  };
  const audit = async (query: string, headers: Record<string, string> = viewer.reading) => {
    const response = await get(`/api/operator/audit${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { entries: Entry[]; next: string | null };
  };

  it('names who changed what, from which address, newest first', async () => {
    const { entries, next } = await audit('');
    expect(next).toBeNull();
    expect(entries.map((e) => [e.actor, e.actorKind, e.machineId])).toEqual([
      [tokenFingerprint(ADMIN_TOKEN), 'token', 'RVM-003'],
      ['ada', 'person', 'RVM-002'],
      ['sam', 'person', 'RVM-003'],
      ['oli', 'person', 'RVM-001'],
    ]);
    expect(entries[1]).toMatchObject({
      id: expect.stringMatching(/^update-\d+$/),
      address: '127.0.0.1',
      kind: 'update',
      before: expect.objectContaining({ status: expect.any(String) }),
      after: expect.objectContaining({ status: 'Full' }),
    });
  });

  it('is filtered by person and by machine', async () => {
    expect((await audit('?person=sam')).entries.map((e) => e.machineId)).toEqual(['RVM-003']);
    expect((await audit('?machine=RVM-003')).entries.map((e) => e.actor)).toEqual([
      tokenFingerprint(ADMIN_TOKEN),
      'sam',
    ]);
    expect((await audit('?person=nobody')).entries).toEqual([]);
  });

  it('comes a page at a time, each page after the one before', async () => {
    const first = await audit('?limit=3');
    expect(first.entries).toHaveLength(3);
    const second = await audit(`?limit=3&before=${first.next}`);
    expect(second).toMatchObject({ next: null });
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual((await audit('')).entries.map((e) => e.id));
  });

  it('shows a person limited to districts only their machines, and refuses a machine outside them', async () => {
    expect((await audit('', shaTinViewer.reading)).entries.map((e) => e.machineId)).toEqual(['RVM-003', 'RVM-003']);
    expect(answer(await get('/api/operator/audit?machine=RVM-001', shaTinViewer.reading))).toEqual([
      403,
      { success: false, msg: 'forbidden' },
    ]);
  });

  it('refuses a page start that is not one it gave, and nobody', async () => {
    expect((await get('/api/operator/audit?before=bm90IGEgY3Vyc29y', viewer.reading)).statusCode).toBe(400);
    expect((await get('/api/operator/audit?limit=0', viewer.reading)).statusCode).toBe(400);
    expect((await get('/api/operator/audit?limit=1001', viewer.reading)).statusCode).toBe(400);
    expect((await get('/api/operator/audit?limit=ten', viewer.reading)).statusCode).toBe(400);
    expect((await get('/api/operator/audit', SAME_SITE)).statusCode).toBe(401);
  });

  it('downloads as CSV with the same filters and districts', async () => {
    const response = await get('/api/operator/audit.csv?machine=RVM-003', shaTinViewer.reading);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="rvm-audit-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFid,at,actor,actorKind,address,machineId,kind,before,after');
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(2, 6))).toEqual([
      [tokenFingerprint(ADMIN_TOKEN), 'token', '127.0.0.1', 'RVM-003'],
      ['sam', 'person', '127.0.0.1', 'RVM-003'],
    ]);
    expect(lines.at(-1)).toBe('');
    expect((await get('/api/operator/audit.csv?machine=RVM-001', shaTinViewer.reading)).statusCode).toBe(403);
  });

  it('lists an import as the command that ran it, with its file and counts, to a person of every district only', async () => {
    fs.copyFileSync(path.join(FIXTURES, 'good.csv'), path.join(server.dir, 'good.csv'));
    const imported = await importMachinesFile(
      path.join(server.dir, 'good.csv'),
      server.engine,
      1024 * 1024,
      'npm run import (op)',
    );
    expect(imported.ok).toBe(true);
    const [newest] = (await audit('')).entries;
    expect(newest).toMatchObject({
      id: expect.stringMatching(/^import-\d+$/),
      actor: 'npm run import (op)',
      actorKind: 'command',
      address: null,
      machineId: null,
      kind: 'import',
      before: null,
      after: { source: 'good.csv', inserted: expect.any(Number), updated: expect.any(Number), photos: 0 },
    });
    expect((await audit('', shaTinViewer.reading)).entries.every((e) => e.machineId === 'RVM-003')).toBe(true);
    expect((await audit('?machine=RVM-003')).entries.every((e) => e.kind === 'update')).toBe(true);
  });
});
