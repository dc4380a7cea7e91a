import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, makePng, makeTempDir, multipart, startSeededTestServer, type TestServer } from './helpers';

/** What a page in a frame sandboxed without allow-same-origin sends: its origin is opaque. */
const OPAQUE = { origin: 'null' };

let server: TestServer;
let parent: string;
let photoId: string;

beforeAll(async () => {
  parent = makeTempDir();
  const dist = path.join(parent, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RVM</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), 'body{}');
  fs.writeFileSync(path.join(dist, 'assets', 'inter-abc123.woff2'), 'wOF2');
  server = await startSeededTestServer({ staticDir: dist });
  const form = await multipart({ file: { data: makePng(2, 2, [1, 2, 3]), filename: 'a.png' } });
  const upload = await server.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: form.payload,
    headers: { ...form.headers, ...auth() },
  });
  photoId = (upload.json() as { id: string }).id;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

const preflight = (url: string, method: string, headers = 'content-type') =>
  server.app.inject({
    method: 'OPTIONS',
    url,
    headers: { ...OPAQUE, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

describe('CORS for the page in an opaque origin', () => {
  it('lets it read its own files: index, scripts, styles, fonts, runtime config', async () => {
    for (const url of [
      '/',
      '/assets/index-abc123.js',
      '/assets/index-abc123.css',
      '/assets/inter-abc123.woff2',
      '/runtime-config.js',
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers: OPAQUE });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('answers the preflight of the list call and the feed call, then the calls themselves', async () => {
    for (const url of ['/api/rvm/', '/api/rvm', '/api/feed/']) {
      const answer = await preflight(url, 'POST');
      expect(answer.statusCode, url).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(String(answer.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(answer.headers['access-control-allow-headers'])).toContain('content-type');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      const call = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...OPAQUE, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(call.statusCode, url).toBe(200);
      expect(call.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('lets it read a machine’s history, a photo, and an error answer of its calls', async () => {
    for (const [url, status] of [
      ['/api/rvm/RVM-001/history', 200],
      [`/api/file/${photoId}`, 200],
      ['/api/file/missing', 404],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url, headers: OPAQUE });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('sends the live stream with it', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: OPAQUE }, (response) => {
        resolve(response.headers);
        request.destroy();
      });
      request.on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['access-control-allow-origin']).toBe('*');
  });

  it('opens nothing else: the operator’s API, uploads and health stay same-origin', async () => {
    for (const [url, method] of [
      ['/api/operator/machines/RVM-001', 'PATCH'],
      ['/api/upload', 'POST'],
      ['/api/health', 'GET'],
      ['/api/unknown', 'POST'],
    ] as const) {
      const answer = await preflight(url, method, 'authorization, content-type');
      expect(answer.statusCode, url).not.toBe(204);
      expect(answer.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const patch = await server.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-001',
      headers: { ...OPAQUE, ...auth(), 'content-type': 'application/json' },
      payload: '{"status":"Full"}',
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.headers['access-control-allow-origin']).toBeUndefined();
    const health = await server.app.inject({ method: 'GET', url: '/api/health', headers: OPAQUE });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps a plain OPTIONS (not a preflight) a 405', async () => {
    const response = await server.app.inject({ method: 'OPTIONS', url: '/api/rvm/' });
    expect(response.statusCode).toBe(405);
  });
});
