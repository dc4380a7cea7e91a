import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BODY_LIMIT_BYTES } from '../../server/routes/rvm';
import { AREAS, DISTRICTS_BY_AREA, STATUSES } from '../../shared/machine';
import { startSeededTestServer, type TestServer } from './helpers';

const TEXT_FIELDS = [
  'name_en',
  'name_zht',
  'name_zhs',
  'address_en',
  'address_zht',
  'address_zhs',
  'service_hour_en',
  'service_hour_zht',
  'service_hour_zhs',
] as const;

let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const list = (options: { url?: string; headers?: Record<string, string>; payload?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: options.url ?? '/api/rvm/',
    headers: options.headers,
    payload: options.payload,
  });

describe('POST /api/rvm/', () => {
  it('answers every machine, sorted by id, with every field typed as the Machine type says', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.rvms.map((machine: { id: string }) => machine.id)).toEqual([
      'RVM-001',
      'RVM-002',
      'RVM-003',
      'RVM-004',
    ]);

    for (const machine of body.rvms) {
      expect(typeof machine.id).toBe('string');
      expect(machine.coordinates).toHaveLength(2);
      expect(machine.coordinates.every((value: unknown) => typeof value === 'number')).toBe(true);
      expect(AREAS).toContain(machine.area);
      expect(DISTRICTS_BY_AREA[machine.area as keyof typeof DISTRICTS_BY_AREA]).toContain(machine.district);
      expect(STATUSES).toContain(machine.status);
      expect(typeof machine.under_maintenance).toBe('boolean');
      expect(Number.isInteger(machine.service_status)).toBe(true);
      for (const field of TEXT_FIELDS) expect(typeof machine[field]).toBe('string');
      expect(machine.opening_hours === null || typeof machine.opening_hours === 'string').toBe(true);
      for (const field of ['bin_count', 'bin_count_full_threshold']) {
        expect(machine[field] === null || Number.isInteger(machine[field]), field).toBe(true);
      }
      expect(typeof machine.deactivated).toBe('boolean');
      for (const field of ['last_emptied_at', 'last_online', 'last_full']) {
        expect(machine[field] === null || new Date(machine[field]).toISOString() === machine[field], field).toBe(true);
      }
      expect(machine).not.toHaveProperty('extra');
      expect(machine).not.toHaveProperty('photo');
      expect(machine).not.toHaveProperty('picture_id');
    }
  });

  it('gives a photo as picture.id and a thumbnail URL, and omits picture when there is none', async () => {
    const [first, , third, fourth] = (await list()).json().rvms;
    expect(first.coordinates).toEqual([22.2819, 114.1582]);
    expect(first.opening_hours).toBe('Mo-Su 07:00-23:00');
    expect(first.picture.id).toMatch(/^[a-f0-9]{64}$/);
    expect(first.thumbnail).toBe(`/api/file/${first.picture.id}`);

    expect(third.under_maintenance).toBe(true);
    expect(third.service_status).toBe(1);
    expect(third).not.toHaveProperty('picture');
    expect(third.thumbnail).toBeNull();
    expect(third.opening_hours).toBeNull();
    // Its photo file was missing from the demo folder: no picture, not a broken one.
    expect(fourth).not.toHaveProperty('picture');
  });

  it('accepts the path without a trailing slash, an empty JSON body, {} and ignores anything else', async () => {
    const reference = (await list()).body;
    const variants = [
      await list({ url: '/api/rvm' }),
      await list({ headers: { 'content-type': 'application/json' }, payload: '' }),
      await list({ headers: { 'content-type': 'application/json' }, payload: '{}' }),
      await list({ headers: { 'content-type': 'application/json' }, payload: '{"district":"SHA TIN","limit":1}' }),
      await list({ headers: { 'content-type': 'text/plain' }, payload: 'whatever' }),
    ];
    for (const response of variants) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(reference);
    }
  });

  it('sends an ETag with no-cache and answers 304 when it matches', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await list({ headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const weakInList = await list({ headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weakInList.statusCode).toBe(304);

    const stale = await list({ headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('changes the ETag when the data changes', async () => {
    const before = (await list()).headers.etag;
    await server.sql.run("UPDATE machines SET status = 'Full' WHERE id = 'RVM-001'");
    const after = await list({ headers: { 'if-none-match': before as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json().rvms[0].status).toBe('Full');
  });

  it('answers 400 badRequest for a body that is not JSON', async () => {
    const response = await list({ headers: { 'content-type': 'application/json' }, payload: '{"broken":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg: 'badRequest' });
  });

  it('reads a body up to 1 KiB, the spec sending none or {}', async () => {
    const payload = JSON.stringify({ padding: 'x'.repeat(LIST_BODY_LIMIT_BYTES - 14) });
    expect(payload.length).toBe(LIST_BODY_LIMIT_BYTES);
    const response = await list({ headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a 64 KiB JSON body', 'application/json', JSON.stringify({ padding: 'x'.repeat(64 * 1024) })],
    ['a 64 KiB text body', 'text/plain', 'x'.repeat(64 * 1024)],
    ['a body nested 20 000 deep', 'application/json', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['20 000 unclosed brackets', 'application/json', '['.repeat(20_000)],
    ['one byte over 1 KiB', 'application/json', JSON.stringify({ padding: 'x'.repeat(LIST_BODY_LIMIT_BYTES - 13) })],
  ])('answers 413 payloadTooLarge for %s', async (_name, type, payload) => {
    for (const url of ['/api/rvm/', '/api/rvm']) {
      const response = await list({ url, headers: { 'content-type': type }, payload });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ success: false, msg: 'payloadTooLarge' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 413 on the headers alone, without waiting for a large body to arrive', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve, reject) => {
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        raw += chunk;
        if (raw.includes('}')) resolve(raw);
      });
      socket.once('error', reject);
    });
    socket.write(
      'POST /api/rvm/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n{"a":',
    );
    try {
      const raw = await answer;
      expect(raw).toMatch(/^HTTP\/1\.1 413 /);
      expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe('{"success":false,"msg":"payloadTooLarge"}');
    } finally {
      socket.destroy();
    }
  });

  it('answers 415 unsupportedMediaType for a content type it cannot read', async () => {
    const response = await list({ headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, msg: 'unsupportedMediaType' });
  });

  it('answers 405 methodNotAllowed with Allow for GET', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/rvm/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ success: false, msg: 'methodNotAllowed' });
  });
});

describe('other API answers', () => {
  it('GET /api/health reports ok and the machine count from the database', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ok', machines: 4 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 notFound as JSON for unknown /api routes, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/machines'],
      ['GET', '/api'],
      ['DELETE', '/api/rvm/1'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, msg: 'notFound' });
    }
  });

  it('puts the security headers on API answers and errors alike', async () => {
    for (const response of [await list(), await server.app.inject({ method: 'GET', url: '/api/nope' })]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy']).toBeUndefined();
    }
  });
});
