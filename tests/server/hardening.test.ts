import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../server/app';
import {
  ADMIN_TOKEN,
  auth,
  makePng,
  makeTempDir,
  multipart,
  rawGet,
  startMainServer,
  startSeededTestServer,
  runOnOtherConnection,
  storeEntries,
  storedBytes,
  usingPostgres,
  type TestServer,
} from './helpers';

const MAX_BYTES = 64 * 1024;
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

let server: TestServer;
let port: number;

beforeAll(async () => {
  // A high rate limit: this file sends many uploads on purpose (the limit itself is tested in upload.test.ts).
  server = await startSeededTestServer({ uploadMaxBytes: MAX_BYTES, uploadRateLimitPerMinute: 100_000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** Everything a request could have changed: every table and every file in the store. */
async function snapshot() {
  return {
    machines: await server.sql.all('SELECT * FROM machines ORDER BY id'),
    files: await server.sql.all('SELECT * FROM files ORDER BY id'),
    meta: await server.sql.all('SELECT * FROM meta ORDER BY key'),
    store: (await storeEntries(server)).sort(),
  };
}

/**
 * Until an upload is being written: its temp file appears in the folder (SQLite). PostgreSQL keeps an upload in
 * memory until it is whole, so there is nothing to see; a moment is given for the bytes sent to arrive.
 */
async function untilUploadInProgress(filesDir: string, what: string): Promise<void> {
  if (usingPostgres()) await new Promise((resolve) => setTimeout(resolve, 500));
  else await waitFor(() => tempFiles(filesDir).length === 1, what);
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const tempFiles = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('.tmp-')) : [];

/** A multipart body written by hand, so a test can send part of it and stop. */
function handMadeUpload(file: Buffer, boundary = 'reliabBoundary7MA4YWxk') {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = Buffer.from(
    [
      'POST /api/upload HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${ADMIN_TOKEN}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  return { headers, body };
}

/** A PNG of about `bytes` bytes: a real header, then padding the sniffing ignores. */
/** A valid PNG of `bytes` bytes: a small picture with a private chunk of filler before its end. */
const pngOfSize = (bytes: number, seed: number): Buffer => {
  const png = makePng(2, 2, [seed % 256, (seed * 7) % 256, 50]);
  const filler = Buffer.alloc(bytes - png.length - 12, seed % 256);
  const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('flLr', 'latin1'), filler, Buffer.alloc(4)]);
  chunk.writeUInt32BE(filler.length, 0);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, chunk.length - 4)), chunk.length - 4);
  const end = png.length - 12; // IEND
  return Buffer.concat([png.subarray(0, end), chunk, png.subarray(end)]);
};

function connect(targetPort: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(targetPort, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function readResponse(socket: net.Socket): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
    });
  });
}

interface BadInput {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  status: number;
  msg: string;
}

const png = makePng(4, 4, [200, 10, 10]);
const uploadOf = (data: Buffer | string, filename: string, type = 'application/octet-stream') =>
  multipart({ file: { data, filename, type } });
const contentType = (type: string) => ({ 'content-type': type });
const methods = (url: string, list: BadInput['method'][]): BadInput[] =>
  list.map((method) => ({ name: `${method} ${url}`, method, url, status: 405, msg: 'methodNotAllowed' }));

/** POST /api/rvm/ with this body. */
const list = (
  name: string,
  headers: Record<string, string>,
  payload: string,
  status: number,
  msg: string,
): BadInput => ({
  name: `list: ${name}`,
  method: 'POST',
  url: '/api/rvm/',
  headers,
  payload,
  status,
  msg,
});

/** GET /api/file/<id>, the id already URL-encoded. */
const file = (name: string, id: string, status: number, msg: string): BadInput => ({
  name: `file: ${name}`,
  method: 'GET',
  url: `/api/file/${id}`,
  status,
  msg,
});

/** POST /api/upload with the operator token unless `headers` replaces it. */
const upload = (
  name: string,
  payload: Buffer | string,
  headers: Record<string, string>,
  status: number,
  msg: string,
): BadInput => ({
  name: `upload: ${name}`,
  method: 'POST',
  url: '/api/upload',
  headers: { ...auth(), ...headers },
  payload,
  status,
  msg,
});

/** An upload of one file the store must refuse for what it is. */
async function refusedFile(name: string, data: Buffer | string, filename: string, type?: string): Promise<BadInput> {
  const body = await uploadOf(data, filename, type);
  return upload(name, body.payload, body.headers, 415, 'unsupportedFileType');
}

async function badInputs(): Promise<BadInput[]> {
  const json = contentType('application/json');
  const form = await uploadOf(png, 'a.png');
  const formText = form.payload.toString('latin1');
  const truncated = Buffer.from(formText.slice(0, formText.lastIndexOf('\r\n--')), 'latin1');
  const protoForm = await multipart({ __proto__x: { data: 'x' } });
  const protoField = Buffer.from(protoForm.payload.toString('latin1').replace('__proto__x', '__proto__'), 'latin1');
  const manyFields = await multipart(
    Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, { data: 'x' }])),
  );
  const huge = await uploadOf(pngOfSize(100 * MAX_BYTES, 1), 'huge.png');
  const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
  const noToken = { authorization: '' };
  return [
    list('__proto__ in the JSON body', json, '{"__proto__":{"admin":true}}', 400, 'badRequest'),
    list(
      'constructor.prototype in the JSON body',
      json,
      '{"constructor":{"prototype":{"admin":true}}}',
      400,
      'badRequest',
    ),
    list('200 000 unclosed brackets', json, '['.repeat(200_000), 413, 'payloadTooLarge'),
    list('a text body over 1 KiB', contentType('text/plain'), 'x'.repeat(1025), 413, 'payloadTooLarge'),
    list('an octet-stream body', contentType('application/octet-stream'), 'x', 415, 'unsupportedMediaType'),
    list(
      'a form-urlencoded body',
      contentType('application/x-www-form-urlencoded'),
      'a=1',
      415,
      'unsupportedMediaType',
    ),
    list('a body without a content type', {}, 'xyz', 415, 'unsupportedMediaType'),
    ...methods('/api/rvm/', ['PUT', 'PATCH', 'DELETE', 'OPTIONS']),

    file('a 5000-character id', 'a'.repeat(5000), 414, 'badRequest'),
    file('broken percent-encoding', '%zz', 400, 'badRequest'),
    file('a right-to-left override in the id', `%E2%80%AE${'a'.repeat(63)}`, 404, 'fileNotFound'),
    file('SQL in the id', "'%20OR%201=1%20--", 404, 'fileNotFound'),
    file('a glob as the id', '*', 404, 'fileNotFound'),
    ...methods(`/api/file/${'a'.repeat(64)}`, ['POST', 'PUT', 'PATCH']),
    ...methods('/api/health', ['POST', 'PUT', 'DELETE']),
    ...methods('/api/upload', ['PUT', 'DELETE']),

    upload(
      '10 MiB without a token',
      Buffer.alloc(10 * 1024 * 1024),
      { ...noToken, ...contentType('multipart/form-data; boundary=x') },
      401,
      'unauthorized',
    ),
    {
      ...upload('the token in the query instead', form.payload, { ...noToken, ...form.headers }, 401, 'unauthorized'),
      url: `/api/upload?token=${ADMIN_TOKEN}`,
    },
    upload('no content type', 'abc', {}, 415, 'unsupportedMediaType'),
    upload('text/plain', 'abc', contentType('text/plain'), 415, 'unsupportedMediaType'),
    upload('JSON over 1 MiB', JSON.stringify({ file: 'x'.repeat(1024 * 1024) }), json, 413, 'payloadTooLarge'),
    upload('multipart without a boundary', form.payload, contentType('multipart/form-data'), 400, 'badRequest'),
    upload(
      'multipart whose body lacks the boundary',
      'garbage',
      contentType('multipart/form-data; boundary=zzz'),
      400,
      'badRequest',
    ),
    upload('multipart cut off inside the file', truncated, form.headers, 400, 'badRequest'),
    upload('a field named __proto__', protoField, protoForm.headers, 400, 'badRequest'),
    upload('30 fields', manyFields.payload, manyFields.headers, 413, 'payloadTooLarge'),
    upload('a file 100 times the limit', huge.payload, huge.headers, 413, 'fileTooLarge'),
    await refusedFile('a script named .png', 'alert(document.cookie)', 'x.png', 'image/png'),
    await refusedFile('an HTML page', '<!doctype html><script>alert(1)</script>', 'x.html', 'text/html'),
    await refusedFile('an SVG with an XML prolog, sent as PNG', svg, 'x.png', 'image/png'),
    await refusedFile('a PDF', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'x.pdf', 'application/pdf'),
    await refusedFile('a ZIP', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]), 'x.zip'),
    await refusedFile('a PNG signature alone', png.subarray(0, 8), 'x.png', 'image/png'),
  ];
}

describe('every bad input gets a clear JSON answer and changes nothing', () => {
  it('answers each with its status and msg, security headers on, database and store untouched', async () => {
    const cases = await badInputs();
    const before = await snapshot();
    expect(before.machines.length).toBeGreaterThan(0);
    expect(before.files.length).toBeGreaterThan(0);
    for (const input of cases) {
      const response = await server.app.inject({
        method: input.method,
        url: input.url,
        headers: input.headers,
        payload: input.payload,
      });
      expect(response.statusCode, input.name).toBe(input.status);
      expect(response.headers['content-type'], input.name).toMatch(/^application\/json/);
      expect(response.json(), input.name).toEqual({ success: false, msg: input.msg });
      expect(response.headers['x-content-type-options'], input.name).toBe('nosniff');
      expect(response.headers['referrer-policy'], input.name).toBe('strict-origin-when-cross-origin');
      expect(await snapshot(), input.name).toEqual(before);
    }
  });

  it('never serves a file from outside the store, whatever the path (raw socket, no normalisation)', async () => {
    const before = await snapshot();
    for (const url of [
      '/api/file/../../package.json',
      '/api/file/..%2f..%2fpackage.json',
      '/api/file/%2e%2e%2f%2e%2e%2fserver%2fconfig.ts',
      '/api/file/....//....//package.json',
      '/assets/../../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/examples/..%2f..%2fpackage.json',
      '/examples/../server/config.ts',
      '//etc/passwd',
    ]) {
      const response = await rawGet(port, url);
      expect(response.body, url).not.toContain('rvm-locator');
      expect(response.body, url).not.toContain('RVM_ADMIN_TOKEN');
      expect(response.body, url).not.toContain('root:');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('gives each request at most 2 minutes to arrive, so a trickling client cannot hold a connection', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(server.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.app.server.headersTimeout).toBeGreaterThan(0);
    expect(server.app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });
});

describe('images that are also something else', () => {
  it('refuses a PNG or GIF start followed by HTML or script, and HTML after or inside a whole image', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(document.domain)</script></html>');
    const png = makePng(1, 1, [1, 1, 1]);
    const polyglots = [
      ['a PNG header followed by HTML', Buffer.concat([png.subarray(0, 33), html])],
      ['a whole PNG followed by HTML', Buffer.concat([png, html])],
      [
        'a GIF header followed by script',
        Buffer.from('GIF89a/*\x01\x00\x01\x00*/=alert(1)//<script>alert(1)</script>', 'latin1'),
      ],
    ] as const;
    const before = await snapshot();
    for (const [name, data] of polyglots) {
      const body = await uploadOf(data, 'x.png', 'image/png');
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...auth(), ...body.headers },
      });
      expect([response.statusCode, response.json()], name).toEqual([
        415,
        { success: false, msg: 'unsupportedFileType' },
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('uploads are all or nothing', () => {
  it('leaves no temp file and no row when the client disconnects in the middle of the file', async () => {
    const before = await snapshot();
    const { headers, body } = handMadeUpload(pngOfSize(MAX_BYTES - 1024, 3));
    const socket = await connect(port);
    socket.write(headers);
    socket.write(body.subarray(0, body.length / 2));
    // The store opens its temp file as the first bytes of the file arrive: the upload is truly in progress.
    await untilUploadInProgress(server.config.filesDir, 'the temp file');
    socket.destroy();

    await waitFor(() => tempFiles(server.config.filesDir).length === 0, 'the temp file to go');
    expect(await snapshot()).toEqual(before);
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('stores 20 concurrent uploads (8 distinct images) once each, rows and files matching', async () => {
    const before = await snapshot();
    const images = Array.from({ length: 8 }, (_, i) => pngOfSize(2048 + i * 512, 100 + i));
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const image = images[i % images.length]!;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), `photo-${i}.png`);
        const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
          method: 'POST',
          headers: auth(),
          body: form,
        });
        return {
          status: response.status,
          body: (await response.json()) as { success: boolean; id: string },
          expected: sha256(image),
        };
      }),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id: response.expected });
    }

    const after = await snapshot();
    const newIds = images.map(sha256).sort();
    expect(after.files.length).toBe(before.files.length + images.length);
    expect(after.store).toEqual([...before.store, ...newIds].sort());
    expect(after.store).toEqual((after.files as { id: string }[]).map((row) => row.id).sort());
    for (const id of newIds) expect(sha256((await storedBytes(server.engine, id))!)).toBe(id);
    expect(after.machines).toEqual(before.machines);
  });
});

describe('graceful shutdown', () => {
  it('finishes an upload in flight when SIGTERM arrives, refuses new connections, and exits 0', async () => {
    const dir = makeTempDir();
    const filesDir = path.join(dir, 'files');
    const dbPath = path.join(dir, 'rvm.sqlite');
    const server = await startMainServer(dir, { RVM_DB: dbPath, RVM_FILES: filesDir, RVM_ADMIN_TOKEN: ADMIN_TOKEN });
    const { child, port: childPort, exited } = server;
    try {
      const image = pngOfSize(256 * 1024, 9);
      const { headers, body } = handMadeUpload(image);
      const socket = await connect(childPort);
      const answer = readResponse(socket);
      socket.write(headers);
      socket.write(body.subarray(0, body.length / 2));
      await untilUploadInProgress(filesDir, 'the upload to be in progress');

      child.kill('SIGTERM');
      await waitFor(
        () =>
          connect(childPort).then(
            (probe) => (probe.destroy(), false),
            () => true,
          ),
        'the server to stop accepting connections',
      );
      // write, not end: Node answers a client that half-closes its side by closing the connection unanswered.
      socket.write(body.subarray(body.length / 2));

      const response = await answer;
      expect(response.status, response.body).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ success: true, id: sha256(image) });
      expect(await exited).toBe(0);
      expect(server.stderr()).toBe('');

      // With PostgreSQL the server used this file's RVM_DATABASE_URL.
      const config = { dbPath, databaseUrl: process.env.RVM_DATABASE_URL ?? null };
      expect(await runOnOtherConnection(config, 'SELECT id FROM files WHERE id = ?', sha256(image))).toEqual([
        { id: sha256(image) },
      ]);
      expect(tempFiles(filesDir)).toEqual([]);
      const [stored] = usingPostgres()
        ? await runOnOtherConnection(config, 'SELECT content FROM file_contents WHERE id = ?', sha256(image))
        : [{ content: fs.readFileSync(path.join(filesDir, sha256(image))) }];
      expect((stored?.content as Buffer).equals(image)).toBe(true);
    } finally {
      await server.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
