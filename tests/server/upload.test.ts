import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, makePng, multipart, startTestServer, storeEntries, storedBytes, type TestServer } from './helpers';

const MAX_BYTES = 2048;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: MAX_BYTES });
});
afterAll(() => server.close());

async function upload(
  fields: Parameters<typeof multipart>[0],
  headers: Record<string, string> = auth(),
  target: TestServer = server,
) {
  const form = await multipart(fields);
  return target.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

const filesRows = (): Promise<{ id: string; content_type: string; size: number; original_name: string | null }[]> =>
  server.sql.all('SELECT id, content_type, size, original_name FROM files ORDER BY id');

describe('POST /api/upload', () => {
  const png = makePng(8, 8, [10, 200, 30]);

  it('refuses 401 unauthorized without a token, with a wrong one or another scheme', async () => {
    for (const headers of [
      {},
      auth('wrong-token-0123456789'),
      auth(''),
      { authorization: `Basic ${'x'.repeat(20)}` },
    ]) {
      const response = await upload({ file: { data: png, filename: 'a.png', type: 'image/png' } }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, msg: 'unauthorized' });
    }
    expect(await filesRows()).toEqual([]);
    expect(await storeEntries(server)).toEqual([]);
  });

  it('refuses 401 always when no operator token is configured', async () => {
    const closed = await (await import('./helpers')).startTestServer({ adminToken: null });
    try {
      const response = await upload({ file: { data: png, filename: 'a.png' } }, auth(), closed);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, msg: 'unauthorized' });
    } finally {
      await closed.close();
    }
  });

  it('stores an image and gives it back byte for byte with its real content type', async () => {
    const response = await upload({
      file: { data: png, filename: 'photo of rvm.png', type: 'application/octet-stream' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, id: expect.stringMatching(/^[a-f0-9]{64}$/) });

    const file = await server.app.inject({ method: 'GET', url: `/api/file/${body.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    expect(await filesRows()).toEqual([
      { id: body.id, content_type: 'image/png', size: png.length, original_name: 'photo of rvm.png' },
    ]);
    expect(await storeEntries(server)).toEqual([body.id]);
  });

  it('keeps only the bare, cleaned file name', async () => {
    const other = makePng(8, 8, [1, 1, 1]);
    const response = await upload({ file: { data: other, filename: '../../etc/evil\u202e.png' } });
    expect(response.statusCode).toBe(200);
    const row = (await filesRows()).find((candidate) => candidate.id === response.json().id);
    expect(row?.original_name).toBe('evil.png');
  });

  it('refuses 415 unsupportedFileType for text renamed .png, an SVG and an empty file', async () => {
    const before = await storeEntries(server);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const file of [
      { data: 'just some text', filename: 'notes.png', type: 'image/png' },
      { data: svg, filename: 'logo.svg', type: 'image/svg+xml' },
      { data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
    ]) {
      const response = await upload({ file });
      expect(response.statusCode, file.filename).toBe(415);
      expect(response.json()).toEqual({ success: false, msg: 'unsupportedFileType' });
    }
    expect(await storeEntries(server)).toEqual(before);
  });

  it('refuses 413 fileTooLarge over the limit and leaves no file behind', async () => {
    const rowsBefore = await filesRows();
    const entriesBefore = await storeEntries(server);
    const big = Buffer.concat([makePng(1, 1, [0, 0, 0]), Buffer.alloc(MAX_BYTES)]);
    const response = await upload({ file: { data: big, filename: 'big.png', type: 'image/png' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, msg: 'fileTooLarge' });
    expect(await storeEntries(server)).toEqual(entriesBefore);
    expect((await storeEntries(server)).some((name) => name.startsWith('.tmp-'))).toBe(false);
    expect(await filesRows()).toEqual(rowsBefore);
  });

  it('accepts a file of exactly the limit', async () => {
    const head = makePng(1, 1, [5, 5, 5]);
    const exact = Buffer.concat([head, Buffer.alloc(MAX_BYTES - head.length)]);
    const response = await upload({ file: { data: exact, filename: 'exact.png' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses 400 fileMissing without a file field, or with the file under another name', async () => {
    const cases: Parameters<typeof multipart>[0][] = [
      { note: { data: 'hello' } },
      { photo: { data: png, filename: 'a.png' } },
    ];
    for (const fields of cases) {
      const response = await upload(fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, msg: 'fileMissing' });
    }
  });

  it('refuses 415 unsupportedMediaType for a body that is not multipart', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, msg: 'unsupportedMediaType' });
  });

  it('stores two concurrent uploads of different images and of the same image without collision', async () => {
    const a = makePng(6, 6, [100, 0, 0]);
    const b = makePng(6, 6, [0, 100, 0]);
    const [first, second, third, fourth] = await Promise.all([
      upload({ file: { data: a, filename: 'a.png' } }),
      upload({ file: { data: b, filename: 'b.png' } }),
      upload({ file: { data: a, filename: 'a-again.png' } }),
      upload({ file: { data: a, filename: 'a-third.png' } }),
    ]);
    for (const response of [first, second, third, fourth]) expect(response?.statusCode).toBe(200);
    const idA = first?.json().id;
    const idB = second?.json().id;
    expect(idA).not.toBe(idB);
    expect(third?.json().id).toBe(idA);
    expect(fourth?.json().id).toBe(idA);

    expect((await storedBytes(server.engine, idA))?.equals(a)).toBe(true);
    expect((await storedBytes(server.engine, idB))?.equals(b)).toBe(true);
    expect((await filesRows()).filter((row) => row.id === idA)).toHaveLength(1);
    expect((await storeEntries(server)).some((name) => name.startsWith('.tmp-'))).toBe(false);
  });

  it('answers 405 for GET', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/upload' });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ success: false, msg: 'methodNotAllowed' });
  });
});

describe('the limit on text fields', () => {
  const TRIES = 10;
  let many: TestServer;
  let port: number;
  beforeAll(async () => {
    many = await startTestServer({ uploadRateLimitPerMinute: 1_000 });
    await many.app.listen({ port: 0, host: '127.0.0.1' });
    port = (many.app.server.address() as AddressInfo).port;
  });
  afterAll(() => many.close());

  /** Eleven text fields, then the file: one field over the limit of ten. */
  const elevenFieldsThenFile = () =>
    multipart({
      ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`note${i}`, { data: `note ${i}` }])),
      file: { data: makePng(4, 4, [200, 10, 10]), filename: 'a.png', type: 'image/png' },
    });

  /** Posts the form over a real socket: its text fields, then a pause, then the file. */
  const postInTwoParts = (form: Awaited<ReturnType<typeof multipart>>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const split = form.payload.indexOf('name="file"');
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/upload',
          method: 'POST',
          headers: { ...form.headers, ...auth(), 'content-length': String(form.payload.length) },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.write(form.payload.subarray(0, split));
      setTimeout(() => request.end(form.payload.subarray(split)), 20);
    });

  it(`answers 413 and stores nothing, ${TRIES} times out of ${TRIES}, however the body arrives`, async () => {
    const form = await elevenFieldsThenFile();
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const whole = await many.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: form.payload,
        headers: { ...form.headers, ...auth() },
      });
      answers.push(`in one piece: ${whole.statusCode} ${whole.body}`);
      const split = await postInTwoParts(form);
      answers.push(`in two parts: ${split.status} ${split.body}`);
    }
    const refused = '413 {"success":false,"msg":"payloadTooLarge"}';
    expect(answers).toEqual(
      Array.from({ length: TRIES }, () => [`in one piece: ${refused}`, `in two parts: ${refused}`]).flat(),
    );
    expect(await storeEntries(many)).toEqual([]);
    expect(await many.sql.all('SELECT id FROM files')).toEqual([]);
  });

  it('still takes ten text fields before the file', async () => {
    const form = await multipart({
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`note${i}`, { data: `note ${i}` }])),
      file: { data: makePng(4, 4, [10, 200, 10]), filename: 'b.png', type: 'image/png' },
    });
    const response = await postInTwoParts(form);
    expect(response.status).toBe(200);
  });
});

describe('upload rate limit', () => {
  it('answers 429 tooManyRequests after the limit, to anonymous requests and the operator on separate budgets', async () => {
    const limited = await (await import('./helpers')).startTestServer({ uploadRateLimitPerMinute: 3 });
    try {
      const anonymous: number[] = [];
      for (let i = 0; i < 5; i += 1) anonymous.push((await upload({ note: { data: 'x' } }, {}, limited)).statusCode);
      expect(anonymous).toEqual([401, 401, 401, 429, 429]);
      const operator: number[] = [];
      for (let i = 0; i < 4; i += 1) operator.push((await upload({ note: { data: 'x' } }, auth(), limited)).statusCode);
      expect(operator).toEqual([400, 400, 400, 429]);
      const last = await upload({ note: { data: 'x' } }, auth(), limited);
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({ success: false, msg: 'tooManyRequests' });
      expect(last.headers['retry-after']).toBeDefined();
      // Other routes are not limited.
      expect((await limited.app.inject({ method: 'POST', url: '/api/rvm/' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
