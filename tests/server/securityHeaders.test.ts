import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startSeededTestServer, type TestServer } from './helpers';

let server: TestServer;
let port: number;
let parent: string;

beforeAll(async () => {
  parent = makeTempDir();
  const dist = path.join(parent, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RVM</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hi");');
  server = await startSeededTestServer({ staticDir: dist });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` byte for byte on a fresh connection and reads the answer until the server closes it. */
function rawExchange(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.once('error', reject);
    socket.once('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0), headers, body });
    });
  });
}

/** A GET over a real connection: hijacked and streamed answers included. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      response.destroy();
    });
    request.on('error', reject);
  });
}

const expectAppHeaders = (headers: Record<string, string | string[] | undefined>, what: string): void => {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
};

describe("Node's own HTTP parser errors", () => {
  it.each([
    ['a malformed request line', 'THIS IS NOT HTTP\r\n\r\n', 400],
    ['a bad header line', 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n', 400],
    [
      '20 KB of headers',
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answer %s in the app form, with its security headers', async (_name, request, status) => {
    const answer = await rawExchange(request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ success: false, msg: 'badRequest' });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.headers.connection).toBe('close');
    expectAppHeaders(answer.headers, request.slice(0, 30));
  });

  it('answer a request too slow to arrive with 408 in the same form', async () => {
    // Node looks for overdue requests only every 30 s: the test hands the server the error Node would raise.
    const accepted = new Promise<net.Socket>((resolve) => server.app.server.once('connection', resolve));
    const client = net.connect(port, '127.0.0.1');
    let raw = '';
    client.setEncoding('latin1');
    client.on('data', (chunk: string) => (raw += chunk));
    const closed = new Promise((resolve) => client.once('close', resolve));
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.app.server.emit('clientError', timeout, await accepted);
    await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(raw).toContain('\r\npermissions-policy: ');
    expect(raw.endsWith('\r\n\r\n{"success":false,"msg":"badRequest"}')).toBe(true);
  });

  it('keeps serving afterwards', async () => {
    await rawExchange('THIS IS NOT HTTP\r\n\r\n');
    expect((await get('/api/health')).status).toBe(200);
  });
});

describe('Permissions-Policy', () => {
  it('is on every answer: the page, its assets, the API, its errors, router errors and the event stream', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/assets/index-abc123.js', 200],
      ['/assets/missing.js', 404],
      ['/runtime-config.js', 200],
      ['/api/health', 200],
      ['/api/nope', 404],
      ['/api/rvm/', 405],
      ['/api/file/%zz', 400],
      [`/api/file/${'a'.repeat(64)}`, 404],
      ['/api/events', 200],
      ['/examples/host.html', 200],
    ] as const) {
      const answer = await get(url);
      expect(answer.status, url).toBe(status);
      expectAppHeaders(answer.headers, url);
    }
  });

  it('denies the powerful features the page never uses and allows geolocation to the page itself ("Near me")', async () => {
    const policy = (await get('/')).headers['permissions-policy'] as string;
    const features = new Map(policy.split(', ').map((entry) => entry.split('=') as [string, string]));
    expect(features.get('geolocation')).toBe('(self)');
    for (const denied of ['camera', 'microphone', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
      expect(features.get(denied), denied).toBe('()');
    }
  });
});
