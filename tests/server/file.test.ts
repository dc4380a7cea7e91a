import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loseStoredBytes, makePng, rawGet, startTestServer, type TestServer } from './helpers';

let server: TestServer;
const png = makePng(5, 5, [1, 2, 3]);
const id = createHash('sha256').update(png).digest('hex');

beforeAll(async () => {
  server = await startTestServer();
  const saved = await server.store.save(Readable.from([png]), { maxBytes: 1024 * 1024, originalName: 'x.png' });
  expect(saved.id).toBe(id);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('GET /api/file/:id', () => {
  it('streams the stored bytes with their content type and immutable caching', async () => {
    const response = await get(`/api/file/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(png.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${id}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is shown, never run: a sandbox that loads nothing, inline, named by its id and type', async () => {
    const response = await get(`/api/file/${id}`);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(response.headers['content-disposition']).toBe(`inline; filename="rvm-photo-${id.slice(0, 12)}.png"`);
  });

  it('answers 304 without a body when If-None-Match matches', async () => {
    const response = await get(`/api/file/${id}`, { 'if-none-match': `"${id}"` });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(`"${id}"`);
    expect((await get(`/api/file/${id}`, { 'if-none-match': '"nope"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await server.app.inject({ method: 'HEAD', url: `/api/file/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body).toBe('');
  });

  it.each([
    ['unknown id', `/api/file/${'0'.repeat(64)}`],
    ['upper-case id', `/api/file/${id.toUpperCase()}`],
    ['short id', '/api/file/abc123'],
    ['encoded traversal', '/api/file/..%2f..%2fetc%2fpasswd'],
    ['double-encoded traversal', '/api/file/..%252f..%252fetc%252fpasswd'],
    ['backslash traversal', '/api/file/..%5c..%5cwindows%5cwin.ini'],
    ['the database file', '/api/file/..%2frvm.sqlite'],
    ['null byte', `/api/file/${id}%00`],
  ])('answers 404 fileNotFound for %s', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'fileNotFound' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers 404 (never a file) for raw traversal paths sent over a real socket', async () => {
    // inject() normalises "..", so this goes through a listening server and a client that does not.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    for (const url of [
      '/api/file/../../etc/passwd',
      '/api/file/..',
      '/api/file/%2e%2e/%2e%2e/etc/passwd',
      '/api/file/',
    ]) {
      const response = await rawGet(port, url);
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body).success).toBe(false);
      expect(response.body).not.toContain('root:');
    }
  });

  it('answers 404 fileNotFound when the record exists but the file is gone', async () => {
    const other = makePng(2, 2, [9, 9, 9]);
    const saved = await server.store.save(Readable.from([other]), { maxBytes: 1024 });
    await loseStoredBytes(server, saved.id);
    const response = await get(`/api/file/${saved.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'fileNotFound' });
  });

  it('answers 405 for other methods', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: `/api/file/${id}` });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ success: false, msg: 'methodNotAllowed' });
  });
});
