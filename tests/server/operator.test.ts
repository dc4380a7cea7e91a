import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFingerprint } from '../../server/security/tokenFingerprint';
import { STATUSES } from '../../shared/contract/machine';
import {
  ADMIN_TOKEN,
  auth,
  makePng,
  multipart,
  startSeededTestServer,
  startTestServer,
  type TestServer,
} from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const patch = (id: string, body: unknown, headers: Record<string, string> = auth()) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/operator/machines/${encodeURIComponent(id)}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const row = async (id: string) =>
  (await server.sql.get(
    'SELECT status, under_maintenance, service_status, updated_at FROM machines WHERE id = ?',
    id,
  )) as {
    status: string;
    under_maintenance: number;
    service_status: number;
    updated_at: string;
  };
const audits = (id: string) =>
  server.sql.all<{ before: string; after: string; at: string; actor: string }>(
    'SELECT before, after, at, actor FROM machine_status_audit WHERE machine_id = ? ORDER BY id',
    id,
  );

describe('PATCH /api/operator/machines/:id', () => {
  it('updates the status, answers the machine as the list sends it, and audits the change', async () => {
    const before = await row('RVM-001');
    const response = await patch('RVM-001', { status: 'Full' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      rvm: { id: 'RVM-001', status: 'Full', under_maintenance: false, service_status: 0 },
    });
    const listed = (await server.app.inject({ method: 'POST', url: '/api/rvm/' }))
      .json()
      .rvms.find((m: { id: string }) => m.id === 'RVM-001');
    expect(body.rvm).toEqual(listed);

    const after = await row('RVM-001');
    expect(after.status).toBe('Full');
    expect(after.updated_at > before.updated_at).toBe(true);
    const [audit] = await audits('RVM-001');
    const feedState = {
      deactivated: false,
      last_online: '2026-11-23T06:05:00.000Z',
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_full: null,
    };
    expect(JSON.parse(audit!.before)).toEqual({
      status: before.status,
      under_maintenance: false,
      service_status: 0,
      ...feedState,
    });
    expect(JSON.parse(audit!.after)).toEqual({
      status: 'Full',
      under_maintenance: false,
      service_status: 0,
      ...feedState,
    });
    expect(audit!.at).toBe(after.updated_at);
    expect(audit!.actor).toBe(tokenFingerprint(ADMIN_TOKEN));
    expect(audit!.actor).toMatch(/^[0-9a-f]{8}$/);
  });

  it('updates maintenance and service state together', async () => {
    const response = await patch('RVM-002', { under_maintenance: true, service_status: 1 });
    expect(response.statusCode).toBe(200);
    expect(await row('RVM-002')).toMatchObject({ under_maintenance: 1, service_status: 1 });
    expect(await audits('RVM-002')).toHaveLength(1);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', auth('wrong-token-0123456789')],
    ['a Basic header', { authorization: `Basic ${ADMIN_TOKEN}` }],
  ])('refuses %s with 401 before reading the body', async (_name, headers) => {
    const response = await patch('RVM-001', { status: '>40%' }, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, msg: 'unauthorized' });
    expect((await row('RVM-001')).status).toBe('Full');
  });

  it('is 404 for an unknown machine, with nothing audited', async () => {
    const response = await patch('RVM-404', { status: 'Full' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'notFound' });
    expect(await audits('RVM-404')).toEqual([]);
  });

  const problem = (field: string | null, code: string, params = {}) => ({ field, code, params });
  const REPORT_TIME_RANGE = { earliest: '2000-01-01', max: 5 };
  it.each([
    ['an empty object', {}, [problem(null, 'noField')]],
    ['an unknown status', { status: 'half' }, [problem('status', 'notOneOf', { options: STATUSES })]],
    ['a status in the wrong case', { status: 'full' }, [problem('status', 'notOneOf', { options: STATUSES })]],
    ['maintenance as a number', { under_maintenance: 1 }, [problem('under_maintenance', 'notBoolean')]],
    ['service_status 2', { service_status: 2 }, [problem('service_status', 'notOneOf', { options: [0, 1] })]],
    [
      'service_status as a string',
      { service_status: '1' },
      [problem('service_status', 'notOneOf', { options: [0, 1] })],
    ],
    ['an unknown field', { status: 'Full', operator_note: 'x' }, [problem('operator_note', 'notEditable')]],
    ['deactivated as text', { deactivated: 'yes' }, [problem('deactivated', 'notBoolean')]],
    ['deactivated null', { deactivated: null }, [problem('deactivated', 'notBoolean')]],
    ['a timestamp in words', { last_online: 'yesterday' }, [problem('last_online', 'dateTime')]],
    ['an impossible date', { last_emptied_at: '2026-02-30T10:00:00+08:00' }, [problem('last_emptied_at', 'dateTime')]],
    ['an impossible offset', { last_full: '2026-11-23T14:05:00+15:00' }, [problem('last_full', 'dateTime')]],
    ['a timestamp as a number', { last_online: 1795413900000 }, [problem('last_online', 'dateTime')]],
    [
      'a last report in 9999',
      { last_online: '9999-12-31T23:59:00Z' },
      [problem('last_online', 'timeOutOfRange', REPORT_TIME_RANGE)],
    ],
    [
      'a last report in 1900',
      { last_online: '1900-01-01T00:00:00+08:00' },
      [problem('last_online', 'timeOutOfRange', REPORT_TIME_RANGE)],
    ],
    [
      'a last report an hour ahead',
      { last_online: new Date(Date.now() + 3_600_000).toISOString() },
      [problem('last_online', 'timeOutOfRange', REPORT_TIME_RANGE)],
    ],
    ['a field only an import sets', { bin_count: 2 }, [problem('bin_count', 'notEditable')]],
    ['a good field beside a bad one', { deactivated: true, last_online: 'now' }, [problem('last_online', 'dateTime')]],
    [
      'two bad fields',
      { name_en: ' ', address_zht: 'x'.repeat(201) },
      [problem('name_en', 'required'), problem('address_zht', 'textLength', { max: 200 })],
    ],
    ['a name as a number', { name_zhs: 5 }, [problem('name_zhs', 'notText', { max: 200 })]],
    ['a photo id that is no hash', { picture: { id: '../secret' } }, [problem('picture', 'photoId')]],
    ['a photo never uploaded', { picture: { id: 'a'.repeat(64) } }, [problem('picture', 'photoId')]],
    ['an array', [{ status: 'Full' }], [problem(null, 'notAnObject')]],
    ['null', null, [problem(null, 'notAnObject')]],
    ['no body', '', [problem(null, 'notAnObject')]],
  ])('refuses %s with 400 invalidMachine, naming each bad field', async (_name, body, problems) => {
    const response = await patch('RVM-001', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg: 'invalidMachine', problems });
  });

  it.each([
    ['malformed JSON', '{"status":'],
    ['an inherited key name', '{"__proto__": {"status": "Full"}}'],
  ])('refuses %s with 400 badRequest', async (_name, body) => {
    const response = await patch('RVM-001', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg: 'badRequest' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await patch('RVM-001', 'status=Full', { ...auth(), 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
  });

  it('answers 405 to other methods', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/operator/machines/RVM-001',
      headers: auth(),
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, PATCH, HEAD');
  });

  it('refuses every update when the server has no operator token', async () => {
    const bare = await startTestServer({ adminToken: null });
    try {
      const response = await bare.app.inject({
        method: 'PATCH',
        url: '/api/operator/machines/RVM-001',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' },
        payload: '{"status":"Full"}',
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('PATCH /api/operator/machines/:id with deactivated and the feed timestamps', () => {
  const feedRow = (id: string) =>
    server.sql.get('SELECT deactivated, last_online, last_emptied_at, last_full, extra FROM machines WHERE id = ?', id);

  it('deactivates a machine and sets its timestamps, normalised, with the change audited and answered', async () => {
    const response = await patch('RVM-003', {
      deactivated: true,
      last_online: '2026-11-23T14:05:00+08:00',
      last_emptied_at: '2026-11-23 09:00',
      last_full: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().rvm).toMatchObject({
      id: 'RVM-003',
      status: 'Full',
      deactivated: true,
      last_online: '2026-11-23T06:05:00.000Z',
      last_emptied_at: '2026-11-23T01:00:00.000Z',
      last_full: null,
      bin_count: 3,
    });
    expect(await feedRow('RVM-003')).toEqual({
      deactivated: 1,
      last_online: '2026-11-23T06:05:00.000Z',
      last_emptied_at: '2026-11-23T01:00:00.000Z',
      last_full: null,
      extra: null,
    });
    const [audit] = await audits('RVM-003');
    expect(JSON.parse(audit!.before)).toMatchObject({
      deactivated: false,
      last_online: null,
      last_emptied_at: null,
      last_full: '2026-11-23T05:20:00.000Z',
    });
    expect(JSON.parse(audit!.after)).toMatchObject({
      deactivated: true,
      last_online: '2026-11-23T06:05:00.000Z',
      last_emptied_at: '2026-11-23T01:00:00.000Z',
      last_full: null,
    });

    expect((await patch('RVM-003', { deactivated: false, last_online: null })).json().rvm).toMatchObject({
      deactivated: false,
      last_online: null,
    });
  });

  it('never stamps a timestamp of its own and keeps the fields an import kept', async () => {
    const before = await feedRow('RVM-001');
    expect((await patch('RVM-001', { service_status: 1 })).statusCode).toBe(200);
    expect(await feedRow('RVM-001')).toEqual(before);
    const { rvm } = (await patch('RVM-001', { service_status: 0 })).json();
    expect(rvm).toMatchObject({
      last_online: '2026-11-23T06:05:00.000Z',
      operator_note: 'by the east entrance',
      sensor: { model: 'RX-2' },
    });
  });

  it('changes and audits nothing when one field of the update is bad', async () => {
    const before = await feedRow('RVM-002');
    const audited = (await audits('RVM-002')).length;
    const response = await patch('RVM-002', { deactivated: true, last_online: 'yesterday' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, msg: 'invalidMachine' });
    expect(await feedRow('RVM-002')).toEqual(before);
    expect(await audits('RVM-002')).toHaveLength(audited);
  });
});

describe("PATCH /api/operator/machines/:id: a machine's texts, hours and photo", () => {
  const TEXTS = {
    name_en: '  Tai Po Market Station  ',
    name_zht: '大埔墟站',
    name_zhs: '大埔墟站',
    address_en: 'Exit A, Tai Po Market Station',
    address_zht: '大埔墟站A出口',
    address_zhs: '大埔墟站A出口',
    service_hour_en: '07:00 - 23:00',
    service_hour_zht: '上午7時至晚上11時',
    service_hour_zhs: '上午7时至晚上11时',
    opening_hours: 'Mo-Su 07:00-23:00',
  };

  it('changes every language’s texts and the hours, trimmed, seen in the public list, and audits them', async () => {
    const response = await patch('RVM-003', TEXTS);
    expect(response.statusCode, response.body).toBe(200);
    const expected = { ...TEXTS, name_en: 'Tai Po Market Station' };
    expect(response.json().rvm).toMatchObject(expected);
    const listed = (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json().rvms;
    expect(listed.find((machine: { id: string }) => machine.id === 'RVM-003')).toMatchObject(expected);
    const audit = (await audits('RVM-003')).at(-1)!;
    expect(JSON.parse(audit.after)).toMatchObject(expected);
    expect(JSON.parse(audit.before)).toHaveProperty('name_en');
    expect(JSON.parse(audit.before)).not.toHaveProperty('picture');
  });

  it('clears the hours with null or ""', async () => {
    expect((await patch('RVM-003', { opening_hours: '' })).json().rvm.opening_hours).toBeNull();
  });

  it('attaches a photo uploaded before, and takes it away with null', async () => {
    const form = await multipart({
      file: { data: makePng(5, 5, [0, 90, 0]), filename: 'green.png', type: 'image/png' },
    });
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth(), ...form.headers },
      payload: form.payload,
    });
    const { id } = uploaded.json() as { id: string };
    const attached = await patch('RVM-003', { picture: { id } });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().rvm).toMatchObject({ picture: { id }, thumbnail: `/api/file/${id}` });
    expect(JSON.parse((await audits('RVM-003')).at(-1)!.after)).toMatchObject({ picture: { id } });
    const removed = (await patch('RVM-003', { picture: null })).json().rvm;
    expect(removed.picture).toBeUndefined();
    expect(removed.thumbnail).toBeNull();
  });
});
